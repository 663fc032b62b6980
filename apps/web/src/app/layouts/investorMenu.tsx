import {
  FileTextOutlined,
  FolderOpenOutlined,
  FundOutlined,
  InboxOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ContactsOutlined,
  KeyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface InvestorMenuEntry {
  key: string;
  to: string;
  labelKey:
    | 'nav.investorCases'
    | 'nav.postInvestment'
    | 'nav.dropped'
    | 'nav.industry'
    | 'nav.investorContact'
    | 'nav.investorContract'
    | 'nav.qa'
    | 'nav.changePassword';
  icon: ReactNode;
}

export const INVESTOR_MENU: readonly InvestorMenuEntry[] = [
  { key: 'cases', to: '/investor/cases/s1', labelKey: 'nav.investorCases', icon: <FundOutlined /> },
  {
    key: 'post',
    to: '/investor/cases/post_investment',
    labelKey: 'nav.postInvestment',
    icon: <FolderOpenOutlined />,
  },
  { key: 'drop', to: '/investor/cases/drop', labelKey: 'nav.dropped', icon: <InboxOutlined /> },
  { key: 'industry', to: '/investor/industry', labelKey: 'nav.industry', icon: <ReadOutlined /> },
  { key: 'contact', to: '/investor/contact', labelKey: 'nav.investorContact', icon: <ContactsOutlined /> },
  { key: 'contract', to: '/investor/contract', labelKey: 'nav.investorContract', icon: <FileTextOutlined /> },
  { key: 'qa', to: '/investor/qa', labelKey: 'nav.qa', icon: <QuestionCircleOutlined /> },
  { key: 'password', to: '/investor/changePassword', labelKey: 'nav.changePassword', icon: <KeyOutlined /> },
];

export function selectedInvestorKey(pathname: string): string | null {
  if (pathname.startsWith('/investor/cases/post_investment')) return 'post';
  if (pathname.startsWith('/investor/cases/drop')) return 'drop';
  if (pathname.startsWith('/investor/cases')) return 'cases';
  const entry = INVESTOR_MENU.find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
  return entry?.key ?? null;
}
