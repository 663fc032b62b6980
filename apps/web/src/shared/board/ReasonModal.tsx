import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 2000;

/**
 * Asks why an item moves (back, to the archive…) before the move is sent; the reason is required
 * and goes into the history. The feature words the title and the hint.
 */
export function ReasonModal({
  open,
  title,
  name,
  hint,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  /** What moves: a case's or a client's name. */
  name: string;
  hint: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('board.reason.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit' }}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="stage-reason"
          layout="vertical"
          onFinish={(values) => onSubmit(values.reason.trim())}
        >
          {dom}
        </Form>
      )}
    >
      <Typography.Paragraph strong>{name}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('board.reason.label')}
        rules={[{ required: true, whitespace: true, message: t('board.reason.required') }]}
      >
        <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </Modal>
  );
}
