import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';

/** change-password layout (SPEC section 2): header with the logo (to /) and a login link. */
export function ChangePasswordLayout() {
  const { t } = useTranslation();
  return (
    <Layout className="change-password-layout">
      <Layout.Header className="app-header">
        <Logo to="/" />
        <div className="app-header__spacer" />
        <LanguageSwitch />
        <Link to="/login">{t('common.signIn')}</Link>
      </Layout.Header>
      <Layout.Content id="main-content" className="app-content app-content--platform">
        <PageOutlet />
      </Layout.Content>
    </Layout>
  );
}
