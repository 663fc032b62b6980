import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session/index.ts';
import { StartupEmailForm } from '../components/StartupEmailForm.tsx';
import { StartupPasswordForm } from '../components/StartupPasswordForm.tsx';

/** 帳號設定 of the startup area: its password and its sign-in email (issue 14). */
export function StartupAccountPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  if (session?.strategy !== 'local') return null;
  const email = session.user.email;
  return (
    <div className="startup-account">
      <Typography.Title level={2}>{t('startupAccount.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('startupAccount.subtitle')}</Typography.Paragraph>
      <Card title={t('startupAccount.password.title')} className="startup-account__card">
        <StartupPasswordForm email={email} />
      </Card>
      <Card title={t('startupAccount.email.title')} className="startup-account__card">
        <StartupEmailForm email={email} />
      </Card>
    </div>
  );
}
