import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';

/** /dashboard/group/:id: one client group. */
export function GroupPage() {
  const { t } = useTranslation();
  const id = requireParam(useParams().id, isPositiveId);
  return <ComingSoon title={t('pages.group', { id })} />;
}
