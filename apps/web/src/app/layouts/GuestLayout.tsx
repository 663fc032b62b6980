import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';

/** Login-type pages: one centred card on a quiet background, kept light (it is the first page most people load). */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="guest-layout">
      <div className="guest-layout__lang">
        <LanguageSwitch />
      </div>
      <main className="guest-layout__main" id="main-content">
        <div className="guest-layout__brand">
          <Logo />
          <span className="guest-layout__tagline">{t('app.tagline')}</span>
        </div>
        {/* A plain card: antd Card would pull Tabs and Skeleton into the login page. */}
        <div className="guest-card">
          <PageOutlet />
        </div>
      </main>
    </div>
  );
}
