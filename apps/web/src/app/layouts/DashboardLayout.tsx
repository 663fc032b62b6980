import { DASHBOARD_HEADER_HEIGHT, DASHBOARD_MENU_WIDTH } from '@dealflow/domain';
import { Drawer, Layout, Menu, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStaffUser } from '../../features/auth/session/index.ts';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch.tsx';
import { Logo } from '../../shared/components/Logo.tsx';
import { PageOutlet } from '../../shared/components/PageOutlet.tsx';
import { InboxMenuBadge } from '../../features/contact/components/InboxMenuBadge.tsx';
import { ApplicationsMenuBadge } from '../../features/registration/components/ApplicationsMenuBadge.tsx';
import { GuardNotice } from './GuardNotice.tsx';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { menuFor, selectedMenuKey } from './dashboardMenu.tsx';
import { MobileMenuButton } from './MobileMenuButton.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { TodoBadge } from '../../features/todoCentre/components/TodoBadge.tsx';

const DRAWER_ID = 'dashboard-menu-drawer';

function StaffBadge() {
  const { t } = useTranslation();
  const user = useStaffUser();
  return (
    <div className="staff-badge">
      <Typography.Text strong className="staff-badge__name">
        {user.name}
      </Typography.Text>
      <Tag color="gold" variant="filled">
        {t(`roles.${user.role}`)}
      </Tag>
      {user.reviewer && <Tag color="blue">{t('header.reviewer')}</Tag>}
    </div>
  );
}

function DashboardMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const location = useLocation();
  const selected = selectedMenuKey(location.pathname, location.search);
  return (
    <nav aria-label={t('common.menu')}>
      <Menu
        mode="inline"
        className="dashboard-menu"
        selectedKeys={selected ? [selected] : []}
        items={menuFor(user.role).map((entry) => ({
          key: entry.key,
          icon: entry.icon,
          label: (
            <Link to={entry.to} onClick={onNavigate}>
              {t(entry.labelKey)}
              {entry.key === 'contact' && <InboxMenuBadge />}
              {entry.key === 'cases' && <ApplicationsMenuBadge of="cases" />}
              {entry.key === 'investors' && <ApplicationsMenuBadge of="clients" />}
            </Link>
          ),
        }))}
      />
    </nav>
  );
}

/**
 * Staff area frame (SPEC sections 2 and 9): 300 px left menu, 80 px header with the user's name,
 * role, language and sign-out; below 992 px the menu moves into a drawer. The `extend` variant
 * (dashboard-extend) gives the page the full content width and a way back to the dashboard.
 */
export function DashboardLayout({ variant = 'default' }: { variant?: 'default' | 'extend' }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const location = useLocation();
  // The drawer belongs to the page it was opened on: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerOpen = isMobile && openedOn === location.key;
  const setDrawerOpen = (open: boolean) => setOpenedOn(open ? location.key : null);

  return (
    <Layout className={`dashboard-layout dashboard-layout--${variant}`}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      {!isMobile && (
        <Layout.Sider width={DASHBOARD_MENU_WIDTH} theme="light" className="dashboard-sider">
          <div className="dashboard-sider__logo" style={{ height: DASHBOARD_HEADER_HEIGHT }}>
            <Logo to="/" />
          </div>
          <DashboardMenu />
        </Layout.Sider>
      )}
      <Layout className="dashboard-main">
        <Layout.Header className="app-header" style={{ height: DASHBOARD_HEADER_HEIGHT }}>
          {isMobile && (
            <MobileMenuButton open={drawerOpen} onOpen={() => setDrawerOpen(true)} controls={DRAWER_ID} />
          )}
          {isMobile && <Logo to="/" />}
          <div className="app-header__spacer" />
          <TodoBadge />
          {!isMobile && <StaffBadge />}
          <LanguageSwitch />
          {!isMobile && <SignOutButton />}
        </Layout.Header>
        <Layout.Content id="main-content" tabIndex={-1} className={`app-content app-content--${variant}`}>
          <GuardNotice />
          <PageOutlet />
        </Layout.Content>
      </Layout>
      {isMobile && (
        <Drawer
          id={DRAWER_ID}
          placement="left"
          size={Math.min(DASHBOARD_MENU_WIDTH, 320)}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<Logo to="/" />}
          className="menu-drawer"
          footer={<SignOutButton block />}
        >
          <StaffBadge />
          <DashboardMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
    </Layout>
  );
}

export function DashboardExtendLayout() {
  return <DashboardLayout variant="extend" />;
}
