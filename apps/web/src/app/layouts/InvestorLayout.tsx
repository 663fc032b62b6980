import { KeyOutlined, UserOutlined } from '@ant-design/icons';
import { formatDate } from '@dealflow/domain';
import { Alert, App, Drawer, FloatButton, Layout, Menu, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../../shared/i18n/label.ts';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session/index.ts';
import { NotificationBell } from '../../features/investorHome/components/NotificationBell.tsx';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { RedirectNotice } from '../../features/investor-area/components/RedirectNotice.tsx';
import { InvestorHelp } from '../../features/tour/components/InvestorHelp.tsx';
import { INVESTOR_MENU, selectedInvestorKey } from './investorMenu.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { MobileMenuButton } from './MobileMenuButton.tsx';
import { SignOutButton } from './SignOutButton.tsx';

const DRAWER_ID = 'investor-menu-drawer';

/** An investor account whose expiry date has passed (SPEC section 1). */
export function isExpired(expiryAt: string | null, now = dayjs()): boolean {
  if (!expiryAt) return false;
  const expiry = dayjs(expiryAt);
  return expiry.isValid() && expiry.isBefore(now);
}

function InvestorMenu({ mode, onNavigate }: { mode: 'horizontal' | 'inline'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const selected = selectedInvestorKey(location.pathname);
  return (
    <nav aria-label={t('common.menu')} className={`investor-nav investor-nav--${mode}`}>
      <Menu
        mode={mode}
        // No overflow "more" copy: its hidden duplicates hold focusable links (axe aria-hidden-focus).
        disabledOverflow
        selectedKeys={selected ? [selected] : []}
        // The header keeps 變更密碼 as its key icon: the wide menu leaves it out to fit one line.
        items={INVESTOR_MENU.filter((entry) => mode === 'inline' || entry.key !== 'password').map(
          (entry) => ({
            key: entry.key,
            icon: entry.icon,
            label: (
              <Link to={entry.to} onClick={onNavigate}>
                {t(entry.labelKey)}
              </Link>
            ),
          }),
        )}
      />
    </nav>
  );
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

  if (session?.strategy !== 'investor') return null;
  const user = session.user;
  const expired = isExpired(user.expiry_at);
  const account = (
    <div className="investor-account">
      {/* The investor's name leads to their home (/investor), which the menu does not list. */}
      <Link to="/investor" className="investor-account__home" title={t('investorHome.title')}>
        <UserOutlined aria-hidden />
        <Typography.Text strong>{user.name}</Typography.Text>
      </Link>
      <Tag color="gold" variant="filled" title={t('investorArea.membership')}>
        {label('membership', user.membership)}
      </Tag>
      {/* Also in the menu; here it stays in view when the horizontal menu folds entries away. */}
      <Tooltip title={t('nav.changePassword')}>
        <Link to="/investor/changePassword" aria-label={t('nav.changePassword')} className="header-icon-link">
          <KeyOutlined aria-hidden />
        </Link>
      </Tooltip>
    </div>
  );

  return (
    <App component={false}>
      <Layout className="investor-layout">
        <a className="skip-link" href="#main-content">
          {t('app.skipToContent')}
        </a>
        <Layout.Header className="app-header investor-header">
          {isMobile && (
            <MobileMenuButton open={drawerOpen} onOpen={() => setDrawerOpen(true)} controls={DRAWER_ID} />
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
        {isMobile && (
          <Drawer
            id={DRAWER_ID}
            placement="left"
            size={300}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={<Logo to="/investor/cases/s1" />}
            className="menu-drawer"
            footer={<SignOutButton block />}
          >
            {account}
            <InvestorMenu mode="inline" onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        )}
        <FloatButton.BackTop />
        <LeaveDialog open={expired} title={t('investorArea.expiredTitle')}>
          {t('investorArea.expiredBody', { date: formatDate(user.expiry_at) })}
        </LeaveDialog>
      </Layout>
    </App>
  );
}
