import { useParams } from 'react-router';
import { requireParam } from '../../../shared/errors.ts';
import { InvestorCasesView } from './InvestorCasesPage.tsx';

/** The stages with a page of their own under /investor/cases/{status} (SPEC section 2: s1 …). */
const STATUS_PAGES = ['s1', 's2', 's3', 's4'] as const;
type StatusPage = (typeof STATUS_PAGES)[number];
const isStatusPage = (v: string): v is StatusPage => (STATUS_PAGES as readonly string[]).includes(v);

/** /investor/cases/:status (s1 … s4): cases of one stage; another value is a 404. */
export function InvestorCasesStatusPage() {
  const status = requireParam(useParams().status, isStatusPage);
  return <InvestorCasesView stage={status} />;
}

/** /investor/cases/post_investment: post-investment (S5) cases. */
export function PostInvestmentCasesPage() {
  return <InvestorCasesView stage="after_invest" />;
}

/** /investor/cases/drop: archived cases. */
export function DroppedCasesPage() {
  return <InvestorCasesView stage="drop" />;
}
