import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';

/** /investor/industry/:id and /investor/industry/detail/:id. */
export function IndustryItemPage({ detail = false }: { detail?: boolean }) {
  const { t } = useTranslation();
  const id = requireParam(useParams().id, isPositiveId);
  return (
    <ComingSoon title={detail ? `${t('pages.industryDetail')} #${id}` : t('pages.industryItem', { id })} />
  );
}

export function IndustryDetailItemPage() {
  return <IndustryItemPage detail />;
}
