import { EMPLOYEE_STATUSES, type EmployeeStatus, STAFF_ROLES, type StaffRole } from '@dealflow/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../../shared/components/SearchInput.tsx';

/** Status, role and text filters above the staff table; the text applies as the typing pauses. */
export function EmployeeFilters({
  status,
  role,
  q,
  onChange,
}: {
  status?: EmployeeStatus;
  role?: StaffRole;
  q: string;
  onChange: (patch: { status?: EmployeeStatus; role?: StaffRole; q?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-toolbar">
      <SearchInput
        className="table-toolbar__search"
        label={t('employees.filter.search')}
        value={q}
        onChange={(next) => onChange({ q: next })}
      />
      <Select<EmployeeStatus | 'all'>
        className="table-toolbar__select"
        aria-label={t('employees.filter.status')}
        value={status ?? 'all'}
        onChange={(value) => onChange({ status: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: t('employees.filter.allStatuses') },
          ...EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`employees.status.${s}`) })),
        ]}
      />
      <Select<StaffRole | 'all'>
        className="table-toolbar__select"
        aria-label={t('employees.filter.role')}
        value={role ?? 'all'}
        onChange={(value) => onChange({ role: value === 'all' ? undefined : value })}
        options={[
          { value: 'all', label: t('employees.filter.allRoles') },
          ...STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
        ]}
      />
    </div>
  );
}
