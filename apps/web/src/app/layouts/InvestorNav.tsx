import { Drawer, Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../shared/components/Logo.tsx';
import { INVESTOR_MENU, selectedInvestorKey } from './investorMenu.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * The investor's menu (antd Menu): a chunk of its own with the mobile menu drawer, so a phone loads
 * them when the drawer first opens (InvestorLayout).
 */
export function InvestorMenu({
  mode,
  onNavigate,
}: {
  mode: 'horizontal' | 'inline';
  onNavigate?: () => void;
}) {
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

/** The menu drawer below the 992 px breakpoint: the account line and the menu. */
export function InvestorMenuDrawer({
  id,
  open,
  onClose,
  account,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  account: ReactNode;
}) {
  return (
    <Drawer
      id={id}
      placement="left"
      size={300}
      open={open}
      onClose={onClose}
      title={<Logo to="/investor/cases/s1" />}
      className="menu-drawer"
      footer={<SignOutButton block />}
    >
      {account}
      <InvestorMenu mode="inline" onNavigate={onClose} />
    </Drawer>
  );
}
