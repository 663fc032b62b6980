import type { ContactStage } from '@dealflow/domain';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { label } from '../../../shared/i18n/label.ts';

const REASON_MAX = 2000;

/**
 * Confirms a contact-stage move that needs more than a click: a reason when the client is dropped,
 * moved back or brought back from drop (it goes into the history), and a warning when the move
 * hands the client to colleagues of another role (sa → ir at p5), after which the mover no longer
 * sees them.
 */
export function ClientMoveModal({
  open,
  clientName,
  to,
  needsReason,
  handover,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  clientName: string;
  to: ContactStage | null;
  needsReason: boolean;
  handover: boolean;
  onSubmit: (reason: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const stage = label('contactStage', to);
  return (
    <Modal
      open={open}
      title={
        needsReason
          ? t('clientPage.move.reasonTitle', { stage })
          : t('clientPage.move.handoverTitle', { stage })
      }
      okText={t('clientPage.move.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="client-move"
          layout="vertical"
          onFinish={(values) => onSubmit(values.reason?.trim() || undefined)}
        >
          {dom}
        </Form>
      )}
    >
      <Typography.Paragraph strong>{clientName}</Typography.Paragraph>
      {handover && (
        <Alert
          className="form-alert"
          type="warning"
          showIcon
          title={t('clientPage.move.handoverBody', { stage })}
        />
      )}
      {needsReason && (
        <>
          <Typography.Paragraph type="secondary">
            {to === 'drop' ? t('clientPage.move.reasonDrop') : t('clientPage.move.reasonBackward')}
          </Typography.Paragraph>
          <Form.Item
            name="reason"
            label={t('clientPage.move.reason')}
            rules={[{ required: true, whitespace: true, message: t('clientPage.move.reasonRequired') }]}
          >
            <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount />
          </Form.Item>
        </>
      )}
    </Modal>
  );
}
