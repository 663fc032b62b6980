import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';

/** /dashboard/manager/:project: project management. */
export function ManagerPage() {
  const { t } = useTranslation();
  const project = requireParam(useParams().project, isPositiveId);
  return <ComingSoon title={t('pages.manager', { project })} />;
}
