import { InvestorMessages } from '../../investorHome/components/InvestorMessages.tsx';

/** /investor/contact: the investor's conversations with the firm. */
export function InvestorContactPage() {
  return <InvestorMessages />;
}
