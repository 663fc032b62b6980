import { SettingOutlined } from '@ant-design/icons';
import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../features/auth/session/index.ts';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { LeaveDialog } from './LeaveDialog.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/** Startup (case owner) area: header with the account and sign-out; leave dialog for a dropped startup. */
export function StartupLayout() {
  const { t } = useTranslation();
  const { session } = useSession();
  const isMobile = useIsMobile();
  if (session?.strategy !== 'local') return null;
  const user = session.user;
  return (
    <Layout className="startup-layout">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <Layout.Header className="app-header">
        <Logo to="/startup" compact={isMobile} />
        <div className="app-header__spacer" />
        {!isMobile && <Typography.Text strong>{user.name}</Typography.Text>}
        <Link
          to="/startup/account"
          aria-label={isMobile ? t('startupAccount.menu') : undefined}
          className="header-icon-link startup-account-link"
        >
          <SettingOutlined aria-hidden />
          {!isMobile && <span>{t('startupAccount.menu')}</span>}
        </Link>
        <LanguageSwitch />
        <SignOutButton />
      </Layout.Header>
      <Layout.Content id="main-content" tabIndex={-1} className="app-content app-content--platform">
        <PageOutlet />
      </Layout.Content>
      <LeaveDialog open={user.status === 'drop'} title={t('startupArea.dropTitle')}>
        {t('startupArea.dropBody')}
      </LeaveDialog>
    </Layout>
  );
}
