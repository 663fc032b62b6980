import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApplicationCounts } from '../api/registrationApi.ts';

/** The side menu's count of new registrations (draft cases or investors waiting), polled. */
export function ApplicationsMenuBadge({ of }: { of: 'cases' | 'clients' }) {
  const { t } = useTranslation();
  const counts = useApplicationCounts(true);
  const n = counts.data?.[of] ?? 0;
  if (n === 0) return null;
  return (
    <Badge
      className="menu-badge"
      count={n}
      overflowCount={99}
      color="#b88f48"
      aria-label={t('registration.menuBadge', { count: n })}
    />
  );
}
