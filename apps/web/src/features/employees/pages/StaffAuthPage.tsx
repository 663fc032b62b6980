import { PlusOutlined } from '@ant-design/icons';
import type { Employee } from '@dealflow/domain';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useStaffUser } from '../../auth/session/index.ts';
import { useDeactivateEmployee, useEmployees, useUpdateEmployee } from '../api/employeesApi.ts';
import { EmployeeFilters } from '../components/EmployeeFilters.tsx';
import { EmployeeFormModal } from '../components/EmployeeFormModal.tsx';
import { EmployeeTable } from '../components/EmployeeTable.tsx';
import { listRequestOf, useEmployeeTableParams } from '../hooks/useEmployeeTableParams.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

type ModalState = { open: false } | { open: true; employee: Employee | null };

/** /dashboard/auth: staff account management (admin only, by the guard table). */
export function StaffAuthPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useStaffUser();
  const { params, update } = useEmployeeTableParams();
  const list = useEmployees(listRequestOf(params));
  const deactivate = useDeactivateEmployee();
  const reactivate = useUpdateEmployee();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [pendingId, setPendingId] = useState<number | null>(null);

  const filtered = Boolean(params.status || params.role || params.q);

  async function toggleStatus(employee: Employee) {
    setPendingId(employee.id);
    try {
      if (employee.status === 'active') {
        await deactivate.mutateAsync(employee.id);
        message.success(t('employees.deactivated', { name: employee.name }));
      } else {
        await reactivate.mutateAsync({ id: employee.id, body: { status: 'active' } });
        message.success(t('employees.reactivated', { name: employee.name }));
      }
    } catch (error) {
      message.error(errorContent(error));
    } finally {
      setPendingId(null);
    }
  }

  return (
    <section className="page-section" aria-labelledby="page-title">
      <div className="page-header">
        <div>
          <Typography.Title level={3} id="page-title" className="page-title">
            {t('employees.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('employees.subtitle')}</Typography.Text>
        </div>
        {!me.reviewer && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setModal({ open: true, employee: null })}
          >
            {t('employees.add')}
          </Button>
        )}
      </div>
      <Card>
        <EmployeeFilters
          status={params.status}
          role={params.role}
          q={params.q}
          onChange={(patch) => update(patch, { resetPage: true })}
        />
        {list.isError && (
          <Alert
            className="form-alert"
            type="error"
            showIcon
            title={t('employees.loadError')}
            description={errorContent(list.error)}
            action={
              <Button size="small" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <EmployeeTable
          rows={list.data?.result ?? []}
          total={list.data?.count ?? 0}
          loading={list.isPending || list.isPlaceholderData}
          currentUserId={me.id}
          readOnly={me.reviewer}
          sort={params.sort}
          page={params.page}
          size={params.size}
          pendingId={pendingId}
          empty={
            filtered ? (
              <>
                <div>{t('employees.emptyFiltered')}</div>
                <Button
                  type="link"
                  onClick={() => update({ status: undefined, role: undefined, q: '' }, { resetPage: true })}
                >
                  {t('employees.clearFilters')}
                </Button>
              </>
            ) : (
              t('employees.empty')
            )
          }
          onSortChange={(sort) => update({ sort }, { resetPage: true })}
          onPageChange={(page, size) => update({ page: size === params.size ? page : 1, size })}
          onEdit={(employee) => setModal({ open: true, employee })}
          onToggleStatus={toggleStatus}
        />
      </Card>
      <EmployeeFormModal
        key={modal.open ? (modal.employee?.id ?? 'new') : 'closed'}
        open={modal.open}
        employee={modal.open ? modal.employee : null}
        currentUserId={me.id}
        onClose={() => setModal({ open: false })}
      />
    </section>
  );
}
