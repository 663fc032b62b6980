import type { CaseStage } from '@dealflow/domain';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 2000;

/** Asks why a case moves back or is archived; the reason is required and goes into the history. */
export function ReasonModal({
  open,
  to,
  caseName,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  to: CaseStage | null;
  caseName: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const stage = to ? t(`caseStages.${to}`) : '';
  return (
    <Modal
      open={open}
      title={t('cases.move.reasonTitle', { stage })}
      okText={t('cases.move.confirm')}
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
      <Typography.Paragraph strong>{caseName}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {to === 'drop' ? t('cases.move.reasonDrop') : t('cases.move.reasonBackward')}
      </Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('cases.move.reason')}
        rules={[{ required: true, whitespace: true, message: t('cases.move.reasonRequired') }]}
      >
        <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount />
      </Form.Item>
    </Modal>
  );
}
