import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';
import { InvestorViewGuard } from '../components/InvestorViewGuard.tsx';

/** /dashboard/investor/:id: one client. The client is not loaded yet, so its process status is unknown. */
export function InvestorPage() {
  const { t } = useTranslation();
  const id = requireParam(useParams().id, isPositiveId);
  return (
    <InvestorViewGuard processStatus={null}>
      <ComingSoon title={t('pages.investor', { id })} />
    </InvestorViewGuard>
  );
}
