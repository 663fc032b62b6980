import { formatDate, membershipExpiry } from '@dealflow/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Marks a membership that has run out (red) or runs out within 30 days (orange); nothing for a
 * valid one or none. The date is in the tooltip and the accessible text.
 */
export function ExpiryBadge({ expiryAt, now }: { expiryAt: string | null; now?: Date }) {
  const { t } = useTranslation();
  const state = membershipExpiry(expiryAt, now);
  if (!expiryAt || (state !== 'expired' && state !== 'expiring')) return null;
  const date = formatDate(expiryAt);
  const title =
    state === 'expired'
      ? t('clientList.expiry.expiredTitle', { date })
      : t('clientList.expiry.expiringTitle', { date });
  return (
    <Tag color={state === 'expired' ? 'red' : 'orange'} title={title} className="expiry-badge">
      {t(`clientList.expiry.${state}`)}
      <span className="visually-hidden">：{title}</span>
    </Tag>
  );
}
