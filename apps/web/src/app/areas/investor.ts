// The investor area chunk.
export { InvestorLayout } from '../layouts/InvestorLayout.tsx';
export { ChangePasswordLayout } from '../layouts/ChangePasswordLayout.tsx';
export { EmptyLayout } from '../layouts/EmptyLayout.tsx';
export { InvestorHomePage } from '../../features/investor-area/pages/InvestorHomePage.tsx';
export { IndustryPage } from '../../features/investor-area/pages/IndustryPage.tsx';
export { IndustryDetailPage } from '../../features/investor-area/pages/IndustryDetailPage.tsx';
export {
  IndustryDetailItemPage,
  IndustryItemPage,
} from '../../features/investor-area/pages/IndustryItemPage.tsx';
export { IndustryInvestmentPage } from '../../features/investor-area/pages/IndustryInvestmentPage.tsx';
export { IndustryRecordPage } from '../../features/investor-area/pages/IndustryRecordPage.tsx';
export { InvestorCasesPage } from '../../features/investor-area/pages/InvestorCasesPage.tsx';
export {
  DroppedCasesPage,
  InvestorCasesStatusPage,
  PostInvestmentCasesPage,
} from '../../features/investor-area/pages/InvestorCasesStatusPage.tsx';
export { CaseDetailPage } from '../../features/investor-area/pages/CaseDetailPage.tsx';
export { CaseDetailIdPage } from '../../features/investor-area/pages/CaseDetailIdPage.tsx';
export { ChangePasswordPage } from '../../features/investor-area/pages/ChangePasswordPage.tsx';
export { InvestorContactPage } from '../../features/investor-area/pages/InvestorContactPage.tsx';
export { InvestorContractPage } from '../../features/investor-area/pages/InvestorContractPage.tsx';
export { QaPage } from '../../features/investor-area/pages/QaPage.tsx';
export { InvestorRedirectPage } from '../../features/investor-area/pages/InvestorRedirectPage.tsx';
