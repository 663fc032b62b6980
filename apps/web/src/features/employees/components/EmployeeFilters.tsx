import { SearchOutlined } from '@ant-design/icons';
import { EMPLOYEE_STATUSES, type EmployeeStatus, STAFF_ROLES, type StaffRole } from '@dealflow/domain';
import { Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Status, role and text filters above the staff table. */
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
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  return (
    <div className="table-toolbar">
      <Input
        allowClear
        className="table-toolbar__search"
        aria-label={t('employees.filter.search')}
        placeholder={t('employees.filter.search')}
        prefix={<SearchOutlined aria-hidden />}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '') onChange({ q: '' });
        }}
        onPressEnter={() => onChange({ q: text.trim() })}
        onBlur={() => text.trim() !== q && onChange({ q: text.trim() })}
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
