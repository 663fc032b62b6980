import { formatDateTime, type Employee } from '@dealflow/domain';
import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { useResendInvitation } from '../api/employeesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** 邀請中 / 邀請已過期 beside the status of someone who has not yet set their password. */
export function InvitationTag({ invitation }: { invitation: Employee['invitation'] }) {
  const { t } = useTranslation();
  if (!invitation) return null;
  const until = t('account.invite.validUntil', { date: formatDateTime(invitation.expires_at) });
  return invitation.status === 'pending' ? (
    <Tooltip title={until}>
      <Tag color="processing">{t('account.invite.pending')}</Tag>
    </Tooltip>
  ) : (
    <Tag color="warning">{t('account.invite.expired')}</Tag>
  );
}

/** 重寄邀請: a new link by mail; the previous one stops working. */
export function ResendInvitationButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const resend = useResendInvitation();
  return (
    <Button
      size="small"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(employee.id, {
          onSuccess: () => message.success(t('account.invite.resent', { email: employee.email })),
          onError: (error) => message.error(`${t('common.requestFailed')} ${errorText(error)}`),
        })
      }
    >
      {t('account.invite.resend')}
    </Button>
  );
}
