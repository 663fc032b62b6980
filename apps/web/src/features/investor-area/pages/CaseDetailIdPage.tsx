import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';

/** /investor/cases/detail/:caseid. */
export function CaseDetailIdPage() {
  const { t } = useTranslation();
  const id = requireParam(useParams().caseid, isPositiveId);
  return <ComingSoon title={t('pages.caseDetailId', { id })} />;
}
