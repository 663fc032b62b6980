import { KeyOutlined, UserOutlined } from '@ant-design/icons';
import { formatDate } from '@dealflow/domain';
import { Alert, Layout, Tag } from 'antd';
import dayjs from 'dayjs';
import { type ComponentProps, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../../shared/i18n/label.ts';
import { Link, useLocation } from 'react-router';
import { MOBILE_MENU_BREAKPOINT } from '@dealflow/domain';
import { useSession } from '../../features/auth/session/index.ts';
import { NotificationBell } from '../../features/investorHome/components/NotificationBell.tsx';
import { BackTop } from '../../shared/components/BackTop.tsx';
import { HoverHint } from '../../shared/components/HoverHint.tsx';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { RedirectNotice } from '../../features/investor-area/components/RedirectNotice.tsx';
import { InvestorHelp } from '../../features/tour/components/InvestorHelp.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { MobileMenuButton } from './MobileMenuButton.tsx';
import { SignOutButton } from './SignOutButton.tsx';

const DRAWER_ID = 'investor-menu-drawer';

// The menu and the mobile menu drawer are a chunk of their own (antd Menu and Drawer): a phone loads it
// when the drawer first opens; a wide screen shows the menu at once, so the area's route waits for it
// there (`investorShellReady`, router.tsx) and the layout then draws it without a fallback.
type MenuModule = typeof import('./InvestorNav.tsx');
let menuModule: MenuModule | null = null;
const loadMenu = () =>
  import('./InvestorNav.tsx').then((m) => {
    menuModule = m;
    return m;
  });
const LazyMenu = lazy(async () => ({ default: (await loadMenu()).InvestorMenu }));
const LazyMenuDrawer = lazy(async () => ({ default: (await loadMenu()).InvestorMenuDrawer }));

const wideScreen = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(min-width: ${MOBILE_MENU_BREAKPOINT}px)`).matches;

/** Resolves once the investor shell can draw: on a wide screen, once its menu is loaded. */
export function investorShellReady(): Promise<unknown> {
  return wideScreen() ? loadMenu() : Promise.resolve();
}

function InvestorMenu(props: ComponentProps<MenuModule['InvestorMenu']>) {
  const Loaded = menuModule?.InvestorMenu;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<nav className={`investor-nav investor-nav--${props.mode}`} aria-busy="true" />}>
      <LazyMenu {...props} />
    </Suspense>
  );
}

/** An investor account whose expiry date has passed (SPEC section 1). */
export function isExpired(expiryAt: string | null, now = dayjs()): boolean {
  if (!expiryAt) return false;
  const expiry = dayjs(expiryAt);
  return expiry.isValid() && expiry.isBefore(now);
}

/**
 * Investor area (SPEC section 2): the platform layout from 992 px, a mobile menu drawer below it,
 * a back-to-top button, and the leave dialog once the membership has expired.
 */
export function InvestorLayout() {
  const { t } = useTranslation();
  const { session } = useSession();
  const isMobile = useIsMobile();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerOpen = isMobile && openedOn === location.key;
  const setDrawerOpen = (open: boolean) => setOpenedOn(open ? location.key : null);
  // Once opened, the drawer stays mounted so that closing it animates.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerOpen && !drawerWanted) setDrawerWanted(true);

  if (session?.strategy !== 'investor') return null;
  const user = session.user;
  const expired = isExpired(user.expiry_at);
  const account = (
    <div className="investor-account">
      {/* The investor's name leads to their home (/investor), which the menu does not list. */}
      <Link to="/investor" className="investor-account__home" title={t('investorHome.title')}>
        <UserOutlined aria-hidden />
        <strong className="investor-account__name">{user.name}</strong>
      </Link>
      <Tag color="gold" variant="filled" title={t('investorArea.membership')}>
        {label('membership', user.membership)}
      </Tag>
      {/* Also in the menu; here it stays in view when the horizontal menu folds entries away. */}
      <HoverHint title={t('nav.changePassword')}>
        <Link to="/investor/changePassword" aria-label={t('nav.changePassword')} className="header-icon-link">
          <KeyOutlined aria-hidden />
        </Link>
      </HoverHint>
    </div>
  );

  return (
    <Layout className="investor-layout">
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <Layout.Header className="app-header investor-header">
        {isMobile && (
          <MobileMenuButton
            open={drawerOpen}
            onOpen={() => setDrawerOpen(true)}
            onPrefetch={() => void loadMenu()}
            controls={DRAWER_ID}
          />
        )}
        <Logo to="/investor/cases/s1" />
        {!isMobile && <InvestorMenu mode="horizontal" />}
        <div className="app-header__spacer" />
        {!isMobile && account}
        <NotificationBell />
        <InvestorHelp
          firstTime={user.tutorial_seen_at === null}
          suppressed={expired}
          mobile={isMobile}
          drawerId={DRAWER_ID}
        />
        <LanguageSwitch />
        {!isMobile && <SignOutButton />}
      </Layout.Header>
      <Layout.Content id="main-content" tabIndex={-1} className="app-content app-content--platform">
        <RedirectNotice />
        {user.application_status === 'pending' && (
          <Alert
            className="investor-pending-notice"
            type="info"
            showIcon
            role="status"
            title={t('registration.pendingNotice')}
          />
        )}
        <PageOutlet />
      </Layout.Content>
      {isMobile && drawerWanted && (
        <Suspense fallback={null}>
          <LazyMenuDrawer
            id={DRAWER_ID}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            account={account}
          />
        </Suspense>
      )}
      <BackTop />
      <LeaveDialog open={expired} title={t('investorArea.expiredTitle')}>
        {t('investorArea.expiredBody', { date: formatDate(user.expiry_at) })}
      </LeaveDialog>
    </Layout>
  );
}
