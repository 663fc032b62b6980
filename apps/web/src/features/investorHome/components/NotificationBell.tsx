import { BellOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverHint } from '../../../shared/components/HoverHint.tsx';
import { useInvestorId, useNotifications } from '../api/investorHomeApi.ts';
import { useNotificationPanelState } from './notificationPanel.ts';
import '../investorHome.css';

const DRAWER_ID = 'investor-notifications';

// The drawer (antd Drawer, the lists) loads when it first opens; the pointer or focus on the bell fetches it ahead.
const loadDrawer = () => import('./NotificationDrawer.tsx');
const NotificationDrawer = lazy(async () => ({ default: (await loadDrawer()).NotificationDrawer }));

/**
 * The header's bell: the unread count, and a drawer with the investor's notifications (mark one
 * or all read, follow a notification's link when it is a path inside Dealflow) and their calendar.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const clientId = useInvestorId();
  const [open, setOpen] = useNotificationPanelState();
  const unread = useNotifications(clientId, { unread: true });
  const count = unread.data?.count ?? 0;
  const name = count > 0 ? t('investorHome.bell.labelUnread', { count }) : t('investorHome.bell.label');
  // Once opened, the drawer stays mounted so that closing it animates.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);

  return (
    <>
      <HoverHint title={t('investorHome.bell.label')}>
        <Button
          type="text"
          className="investor-bell"
          aria-label={name}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? DRAWER_ID : undefined}
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          onClick={() => setOpen(true)}
          icon={
            // The unread count as a small red bubble, in our CSS (antd's Badge built its styles at run time);
            // the button's name says the count.
            <span className="investor-bell__badge">
              <BellOutlined aria-hidden className="investor-bell__icon" />
              {count > 0 && (
                <span className="investor-bell__count" aria-hidden>
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </span>
          }
        />
      </HoverHint>
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer
            id={DRAWER_ID}
            clientId={clientId}
            count={count}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
