import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * change-password layout (SPEC section 2): header with the logo (to /). The spec's login link is
 * replaced by a way back and sign-out: only a signed-in investor reaches this page, and a signed-in
 * user never sees 登入.
 */
export function ChangePasswordLayout() {
  const { t } = useTranslation();
  return (
    <Layout className="change-password-layout">
      <Layout.Header className="app-header">
        <Logo to="/" />
        <div className="app-header__spacer" />
        <LanguageSwitch />
        <Link to="/investor/cases/s1">{t('account.change.back')}</Link>
        <SignOutButton />
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content app-content--platform">
        <PageOutlet />
      </Layout.Content>
    </Layout>
  );
}
