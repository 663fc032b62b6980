import { Badge, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useSession } from '../../auth/session/index.ts';
import { useMyReview, useReplyToComment, useSaveMyReview, useStartupInfo } from '../api/startupApi.ts';
import { CompanyProfileForm } from '../components/CompanyProfileForm.tsx';
import { MyCasePanel } from '../components/MyCasePanel.tsx';
import { StartupMessages, useStartupThreads } from '../components/StartupMessages.tsx';
import '../components/startup.css';

/** /startup: the case owner's home — the company profile (through review) and their case. */
export function StartupHomePage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const user = session?.strategy === 'local' ? session.user : null;
  const [params, setParams] = useSearchParams();
  // The 訊息 tab shows how many threads the firm answered since the startup last read them.
  const threads = useStartupThreads(user?.case_id != null);
  const unread = threads.list.data?.result.filter((th) => th.unread).length ?? 0;
  if (!user) return null;
  const asked = params.get('tab');
  const tab = asked === 'case' || asked === 'messages' ? asked : 'profile';
  return (
    <div className="startup-home">
      <Typography.Title level={3}>{t('startupArea.welcome', { name: user.name })}</Typography.Title>
      {user.case_name ? (
        <Typography.Paragraph type="secondary">
          {t('startupArea.caseName', { name: user.case_name })}
        </Typography.Paragraph>
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'profile',
            label: t('startupProfile.tabs.profile'),
            children: <ProfileTab userId={user.id} caseName={user.case_name} />,
          },
          { key: 'case', label: t('startupProfile.tabs.myCase'), children: <MyCasePanel userId={user.id} /> },
          {
            key: 'messages',
            label: (
              <span className="startup-home__tab">
                {t('startupProfile.tabs.messages')}
                {unread > 0 && (
                  <Badge count={unread} size="small" title={t('startupMessages.unread', { count: unread })} />
                )}
              </span>
            ),
            children: <StartupMessages hasCase={user.case_id !== null} />,
          },
        ]}
      />
    </div>
  );
}

function ProfileTab({ userId, caseName }: { userId: number; caseName: string | null }) {
  const review = useMyReview(userId);
  const info = useStartupInfo(userId);
  const save = useSaveMyReview(userId);
  const reply = useReplyToComment(userId);
  if (review.isPending || info.isPending) return <Skeleton active />;
  if (review.isError) return <ErrorAlert error={review.error} />;
  if (info.isError) return <ErrorAlert error={info.error} />;
  return (
    <CompanyProfileForm
      review={review.data}
      current={info.data.case?.profile ?? null}
      fallbackName={caseName}
      saving={save.isPending}
      replying={reply.isPending}
      onSave={(update_content, status) =>
        save.mutateAsync({ exists: review.data !== null, update_content, status })
      }
      onReply={(commentId, text) => reply.mutateAsync({ commentId, reply: text })}
    />
  );
}
