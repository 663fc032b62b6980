import { staffCan } from '@dealflow/domain';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStaffUser } from '../../auth/session/index.ts';
import { useServiceCounts } from '../api/servicesApi.ts';

/**
 * The badge polls: a live stream on every staff page would keep one open request per tab for the
 * whole session. On the inbox page the stream runs and refreshes the same counts at once.
 */
const MENU_POLL_MS = 30_000;

/** The side menu's unread count of the inbox, kept live (only for those the inbox is for). */
export function InboxMenuBadge() {
  const user = useStaffUser();
  const allowed = staffCan(user.role, 'services.inbox');
  return allowed ? <UnreadBadge /> : null;
}

function UnreadBadge() {
  const { t } = useTranslation();
  const counts = useServiceCounts({ enabled: true, poll: MENU_POLL_MS });
  const unread = counts.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Badge
      className="menu-badge"
      count={unread}
      overflowCount={99}
      aria-label={t('contact.menuBadge', { count: unread })}
    />
  );
}
