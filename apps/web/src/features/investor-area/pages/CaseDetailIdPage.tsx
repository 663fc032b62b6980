import { useParams } from 'react-router';
import { isPositiveId, requireParam } from '../../../shared/errors.ts';
import {
  CASE_SECTIONS,
  type CaseSection,
  InvestorCaseDetailView,
} from '../../investorCases/components/InvestorCaseDetailView.tsx';

const isSection = (v: string): v is CaseSection => (CASE_SECTIONS as readonly string[]).includes(v);

/** /investor/cases/detail/:caseid[/:section]: an unknown sub-page is a 404 (SPEC section 5). */
export function CaseDetailIdPage() {
  const params = useParams();
  const id = Number(requireParam(params.caseid, isPositiveId));
  const section = params.section === undefined ? 'summary-of-terms' : requireParam(params.section, isSection);
  return (
    <section className="page-section" aria-labelledby="page-title">
      <InvestorCaseDetailView key={id} caseId={id} section={section} />
    </section>
  );
}
