import { Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type FieldDef, FormFields } from '../../../shared/fields/index.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import {
  type CalendarEventValues,
  calendarEventBody,
  calendarEventFields,
} from '../../cases/lib/calendarEventFields.ts';
import { CaseNameSelect } from '../../clients/components/CaseNameSelect.tsx';
import { useCreateFirmEvent } from '../api/firmCalendarApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

type NewEventValues = CalendarEventValues & { case_id: number };

/**
 * A new event on a case, from the 新增行程 button or a range selected on the calendar. The server
 * refuses a case the person may not edit (403): its answer shows in the form, which keeps what was
 * typed.
 */
export function NewEventModal({
  start,
  end,
  caseId,
  caseLabel,
  onClose,
}: {
  start: Dayjs;
  end: Dayjs;
  /** The case the calendar is filtered on, offered first. */
  caseId?: number;
  caseLabel?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<NewEventValues>();
  const [serverError, setServerError] = useState<unknown>(null);
  const { markDirty, guard } = useModalFormGuard(true);
  const create = useCreateFirmEvent();

  const caseField: FieldDef = {
    name: 'case_id',
    label: t('calendar.fields.case'),
    kind: 'custom',
    wide: true,
    required: t('calendar.fields.caseRequired'),
    extra: t('calendar.fields.caseHint'),
    input: <CaseNameSelect autoFocus editableOnly knownLabel={caseLabel} />,
  };

  async function submit(values: NewEventValues) {
    setServerError(null);
    try {
      await create.mutateAsync({ caseId: values.case_id, body: calendarEventBody(values) });
      message.success(t('calendar.created'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      setServerError(error);
    }
  }

  return (
    <Modal
      open
      title={t('calendar.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading: create.isPending }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<NewEventValues>
          form={form}
          name="firm-event-new"
          layout="vertical"
          disabled={create.isPending}
          initialValues={{ ...(caseId ? { case_id: caseId } : {}), start_at: start, end_at: end }}
          onValuesChange={markDirty}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      <FormFields fields={[caseField, ...calendarEventFields(t, false)]} />
      {serverError !== null && <ErrorAlert error={serverError} title={t('calendar.createFailed')} />}
      {guard}
    </Modal>
  );
}
