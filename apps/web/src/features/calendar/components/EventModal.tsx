import { type FirmCalendarEvent, formatDateTime } from '@dealflow/domain';
import { Alert, Button, Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, showFieldErrors } from '../../../shared/api/index.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { FormFields } from '../../../shared/fields/index.ts';
import { useModalFormGuard } from '../../../shared/unsaved/index.ts';
import {
  type CalendarEventValues,
  calendarEventBody,
  calendarEventFields,
  calendarEventInitial,
} from '../../cases/lib/calendarEventFields.ts';
import { useDeleteFirmEvent, useUpdateFirmEvent } from '../api/firmCalendarApi.ts';
import { eventHref } from '../lib/eventMapping.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * One event of the firm calendar: what it is, where it belongs (a link to the case's or client's
 * calendar tab) and, for those who may change it, the case tab's form with a delete.
 */
export function EventModal({
  event,
  readsCases,
  onClose,
}: {
  event: FirmCalendarEvent;
  readsCases: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<CalendarEventValues>();
  const [serverError, setServerError] = useState<unknown>(null);
  const { markDirty, guard } = useModalFormGuard(true);
  const update = useUpdateFirmEvent();
  const remove = useDeleteFirmEvent();
  const href = eventHref(event, readsCases);
  const ids = { caseId: event.case_id, id: event.id };

  async function save(values: CalendarEventValues) {
    setServerError(null);
    try {
      await update.mutateAsync({ ...ids, body: calendarEventBody(values) });
      message.success(t('calendar.saved'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
      setServerError(error);
    }
  }

  function confirmDelete() {
    modal.confirm({
      title: t('calendar.deleteTitle', { title: event.title }),
      content: t('calendar.deleteBody'),
      okText: t('forms.items.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(ids);
          message.success(t('calendar.deleted'));
          onClose();
        } catch (error) {
          message.error(errorText(error));
        }
      },
    });
  }

  const details = (
    <Descriptions
      size="small"
      column={1}
      className="firm-event__details"
      items={[
        {
          key: 'when',
          label: t('calendar.detail.when'),
          children: `${formatDateTime(event.start_at)} – ${formatDateTime(event.end_at)}`,
        },
        ...(event.location
          ? [{ key: 'location', label: t('calendar.detail.location'), children: event.location }]
          : []),
        { key: 'case', label: t('calendar.detail.case'), children: event.case.name },
        ...(event.client
          ? [{ key: 'client', label: t('calendar.detail.client'), children: event.client.name }]
          : []),
        ...(event.ao ? [{ key: 'ao', label: t('calendar.detail.ao'), children: event.ao.name }] : []),
        ...(event.author
          ? [{ key: 'author', label: t('calendar.detail.author'), children: event.author.name }]
          : []),
      ]}
    />
  );
  const link = href && (
    <Link to={href} className="firm-event__link">
      {readsCases ? t('calendar.detail.openCase') : t('calendar.detail.openClient')}
    </Link>
  );

  if (!event.editable)
    return (
      <Modal
        open
        title={event.title}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('calendar.hints.close')}</Button>}
      >
        {details}
        {link}
        <Alert type="info" showIcon className="firm-event__readonly" title={t('calendar.detail.readOnly')} />
      </Modal>
    );

  const pending = update.isPending;
  return (
    <Modal
      open
      title={t('calendar.edit')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="firm-event__footer">
          <Button danger onClick={confirmDelete} disabled={pending}>
            {t('calendar.delete')}
          </Button>
          <span className="firm-event__footer-end">
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={pending}>
              {t('common.save')}
            </Button>
          </span>
        </div>
      }
      modalRender={(dom) => (
        <Form<CalendarEventValues>
          form={form}
          name="firm-event"
          layout="vertical"
          disabled={pending}
          initialValues={calendarEventInitial(event)}
          onValuesChange={markDirty}
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      {details}
      {link}
      <FormFields fields={calendarEventFields(t, false)} />
      {serverError !== null && <ErrorAlert error={serverError} title={t('calendar.saveFailed')} />}
      {guard}
    </Modal>
  );
}
