import { CASE_STAGES, type CaseStage } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/components/ComingSoon.tsx';
import { requireParam } from '../../../shared/errors.ts';

const isStage = (v: string): v is CaseStage => (CASE_STAGES as readonly string[]).includes(v);

/** /investor/cases/:status (s1…): cases of one stage; an unknown stage is a 404. */
export function InvestorCasesStatusPage({ stage }: { stage?: CaseStage }) {
  const { t } = useTranslation();
  const param = useParams().status;
  const status = stage ?? requireParam(param, isStage);
  return <ComingSoon title={t('pages.investorCasesStatus', { stage: t(`caseStages.${status}`) })} />;
}

/** /investor/cases/post_investment: post-investment (S5) cases. */
export function PostInvestmentCasesPage() {
  return <InvestorCasesStatusPage stage="after_invest" />;
}

/** /investor/cases/drop: archived cases. */
export function DroppedCasesPage() {
  return <InvestorCasesStatusPage stage="drop" />;
}
