import type { Employee } from '@dealflow/domain';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** 停用 / 重新啟用 with a confirmation; one's own account cannot be deactivated. */
export function EmployeeStatusAction({
  employee,
  isSelf,
  pending,
  onConfirm,
}: {
  employee: Employee;
  isSelf: boolean;
  pending: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const deactivate = employee.status === 'active';
  if (deactivate && isSelf) {
    return (
      <Tooltip title={t('employees.cannotDeactivateSelf')}>
        <Button size="small" danger disabled>
          {t('employees.deactivate')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={t(deactivate ? 'employees.deactivateConfirmTitle' : 'employees.reactivateConfirmTitle', {
        name: employee.name,
      })}
      description={t(deactivate ? 'employees.deactivateConfirm' : 'employees.reactivateConfirm')}
      okText={t(deactivate ? 'employees.deactivate' : 'employees.reactivate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: deactivate }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger={deactivate} loading={pending}>
        {t(deactivate ? 'employees.deactivate' : 'employees.reactivate')}
      </Button>
    </Popconfirm>
  );
}
