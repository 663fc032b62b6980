import type { InboxType, ServiceCounts } from '@dealflow/domain';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const TABS: Array<{ key: InboxType | 'all'; to: string }> = [
  { key: 'all', to: '/dashboard/contact' },
  { key: 'unreplied', to: '/dashboard/contact/unreplied' },
  { key: 'replied', to: '/dashboard/contact/replied' },
];

/** The contact side panel (SPEC section 2): the three inbox tabs with their counts. */
export function InboxTabs({
  current,
  counts,
}: {
  current: InboxType | 'all';
  counts: ServiceCounts | undefined;
}) {
  const { t } = useTranslation();
  return (
    <nav className="inbox-tabs" aria-label={t('contact.tabs.label')}>
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className={`inbox-tabs__tab${tab.key === current ? ' inbox-tabs__tab--current' : ''}`}
          aria-current={tab.key === current ? 'page' : undefined}
        >
          <span>{t(`contact.tabs.${tab.key}`)}</span>
          {counts && (
            <Badge
              count={counts[tab.key]}
              showZero
              overflowCount={9999}
              color={tab.key === 'unreplied' && counts.unreplied > 0 ? '#d4380d' : '#bfbfbf'}
            />
          )}
        </Link>
      ))}
    </nav>
  );
}
