import {
  type Employee,
  EMPLOYEE_STATUSES,
  type EmployeeStatus,
  STAFF_ROLES,
  type StaffRole,
} from '@dealflow/domain';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type EmployeeUpdateInput, useCreateEmployee, useUpdateEmployee } from '../api/employeesApi.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

interface FormValues {
  name: string;
  email: string;
  role: StaffRole;
  status: EmployeeStatus;
  password?: string;
  phone?: string;
  title?: string;
}

// Lengths of EmployeeCreateBody (packages/domain contracts/employees.ts).
const MAX = { name: 100, email: 254, phone: 40, title: 100, password: 256 } as const;

const FIELDS = ['name', 'email', 'role', 'status', 'password', 'phone', 'title'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

function initialValues(employee: Employee | null): Partial<FormValues> {
  if (!employee) return { role: 'ao', status: 'active' };
  return {
    name: employee.name,
    email: employee.email,
    role: employee.role,
    status: employee.status,
    phone: employee.phone ?? '',
    title: employee.title ?? '',
  };
}

/** Only what changed is sent: PUT is partial, and an untouched password stays as it is. */
export function changedFields(employee: Employee, values: FormValues): EmployeeUpdateInput {
  const out: EmployeeUpdateInput = {};
  if (values.name.trim() !== employee.name) out.name = values.name.trim();
  if (values.email.trim().toLowerCase() !== employee.email) out.email = values.email.trim();
  if (values.role !== employee.role) out.role = values.role;
  if (values.status !== employee.status) out.status = values.status;
  if (values.password) out.password = values.password;
  const phone = values.phone?.trim() || null;
  if (phone !== employee.phone) out.phone = phone;
  const title = values.title?.trim() || null;
  if (title !== employee.title) out.title = title;
  return out;
}

/** Create or edit a staff account in a modal; Enter submits, server errors land on their fields. */
export function EmployeeFormModal({
  open,
  employee,
  currentUserId,
  onClose,
}: {
  open: boolean;
  employee: Employee | null;
  currentUserId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const [serverError, setServerError] = useState<unknown>(null);
  const editing = employee !== null;
  const pending = create.isPending || update.isPending;

  function showServerError(error: unknown) {
    const fields = validationFieldErrors(error);
    if (error instanceof ApiError && error.code === 'EMAIL_TAKEN')
      fields.email = t('employees.form.emailTaken');
    const known = Object.entries(fields).filter(([name]) => isField(name));
    if (known.length > 0)
      form.setFields(known.map(([name, text]) => ({ name: name as FieldName, errors: [text] })));
    setServerError(error);
  }

  async function submit(values: FormValues) {
    setServerError(null);
    try {
      if (employee) {
        const body = changedFields(employee, values);
        if (Object.keys(body).length === 0) {
          message.info(t('employees.form.noChanges'));
          onClose();
          return;
        }
        const saved = await update.mutateAsync({ id: employee.id, body });
        message.success(t('employees.updated', { name: saved.name }));
      } else {
        const saved = await create.mutateAsync({
          name: values.name.trim(),
          email: values.email.trim(),
          role: values.role,
          status: values.status,
          // No password: the server mails the person an invitation to choose their own.
          phone: values.phone?.trim() || null,
          title: values.title?.trim() || null,
        });
        message.success(
          saved.invitation
            ? t('account.invite.sent', { name: saved.name, email: saved.email })
            : t('employees.created', { name: saved.name }),
        );
      }
      onClose();
    } catch (error) {
      showServerError(error);
    }
  }

  const isSelf = employee?.id === currentUserId;
  const { markDirty, guard } = useModalFormGuard(open);

  return (
    <>
      {/* Outside the modal: a closing modal is not re-rendered, so a guard inside would keep blocking. */}
      {guard}
      <Modal
        open={open}
        title={editing ? t('employees.editTitle', { name: employee.name }) : t('employees.createTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ htmlType: 'submit', loading: pending }}
        onCancel={onClose}
        destroyOnHidden
        afterClose={() => setServerError(null)}
        modalRender={(dom) => (
          <Form<FormValues>
            form={form}
            name="employee-form"
            layout="vertical"
            initialValues={initialValues(employee)}
            onValuesChange={markDirty}
            onFinish={submit}
            disabled={pending}
          >
            {dom}
          </Form>
        )}
      >
        <Form.Item
          name="name"
          label={t('employees.form.name')}
          rules={[
            { required: true, whitespace: true, message: t('employees.form.nameRequired') },
            { max: MAX.name, message: t('employees.form.nameMax', { max: MAX.name }) },
          ]}
        >
          <Input autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('employees.form.email')}
          rules={[
            { required: true, whitespace: true, message: t('employees.form.emailRequired') },
            { type: 'email', message: t('employees.form.emailInvalid') },
            { max: MAX.email, message: t('employees.form.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="off" inputMode="email" />
        </Form.Item>
        <div className="form-row">
          <Form.Item
            name="role"
            label={t('employees.form.role')}
            rules={[{ required: true, message: t('employees.form.roleRequired') }]}
          >
            <Select
              // The last admin cannot demote themselves out of the page they are using.
              disabled={isSelf}
              options={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('employees.form.status')}>
            <Select
              disabled={isSelf}
              options={EMPLOYEE_STATUSES.map((status) => ({
                value: status,
                label: t(`employees.status.${status}`),
              }))}
            />
          </Form.Item>
        </div>
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title={editing ? t('account.invite.passwordNote') : t('account.invite.formNote')}
        />
        <div className="form-row">
          <Form.Item
            name="title"
            label={t('employees.form.title')}
            rules={[{ max: MAX.title, message: t('employees.form.titleMax', { max: MAX.title }) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="phone"
            label={t('employees.form.phone')}
            rules={[{ max: MAX.phone, message: t('employees.form.phoneMax', { max: MAX.phone }) }]}
          >
            <Input type="tel" autoComplete="off" />
          </Form.Item>
        </div>
        {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
      </Modal>
    </>
  );
}
