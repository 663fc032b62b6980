import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, FormFields } from '../../../shared/fields/index.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';

/**
 * A small form in a modal for one of a client's records (a file's name, a notification, what a
 * holding is worth): fields from definitions, the server's field errors under their inputs, the
 * rest in the one error display, and the unsaved-changes guard while it is open.
 */
export function RecordFormModal<V extends object>({
  name,
  title,
  fields,
  initial,
  currency,
  okText,
  extra,
  onSubmit,
  onClose,
}: {
  name: string;
  title: string;
  fields: FieldDef[];
  initial: Partial<V>;
  currency?: string | null;
  okText?: string;
  extra?: React.ReactNode;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);
  const { markDirty, guard } = useModalFormGuard(true);

  async function submit(values: V) {
    setServerError(null);
    setPending(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const fieldErrors = Object.entries(validationFieldErrors(error));
      if (fieldErrors.length > 0)
        form.setFields(fieldErrors.map(([field, text]) => ({ name: field as never, errors: [text] })));
      setServerError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open
      title={title}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: pending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<V>
          form={form}
          name={name}
          layout="vertical"
          disabled={pending}
          initialValues={initial}
          onValuesChange={markDirty}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {extra}
      <FormFields fields={fields} currency={currency} />
      {serverError !== null && <ErrorAlert error={serverError} title={t('common.requestFailed')} />}
      {guard}
    </Modal>
  );
}
