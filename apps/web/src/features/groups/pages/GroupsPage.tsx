import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';

/** /dashboard/group: client groups. */
export function GroupsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.groups')} />;
}
