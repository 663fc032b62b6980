import { CheckCircleOutlined } from '@ant-design/icons';
import { type Client, staffCan } from '@dealflow/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { useApproveApplication } from '../api/registrationApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** Approves a self-registered investor's membership application (admin, sa), after asking. */
export function ApproveApplicationButton({
  client,
}: {
  client: Pick<Client, 'id' | 'application_status' | 'is_deleted'>;
}) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const me = useStaffUser();
  const approve = useApproveApplication();
  if (client.application_status !== 'pending' || client.is_deleted || !staffCan(me.role, 'clients.approve'))
    return null;
  return (
    <Button
      type="primary"
      icon={<CheckCircleOutlined aria-hidden />}
      loading={approve.isPending}
      onClick={() =>
        modal.confirm({
          title: t('registration.approve'),
          content: t('registration.approveConfirm'),
          okText: t('registration.approve'),
          onOk: async () => {
            try {
              await approve.mutateAsync(client.id);
              message.success(t('registration.approved'));
            } catch (err) {
              message.error(errorText(err));
            }
          },
        })
      }
    >
      {t('registration.approve')}
    </Button>
  );
}
