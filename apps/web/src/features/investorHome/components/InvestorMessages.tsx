import { useTranslation } from 'react-i18next';
import { useInboxLive } from '../../contact/api/servicesApi.ts';
import { Conversations } from '../../contact/components/Conversations.tsx';
import { useInvestorId, useMyThreads } from '../api/investorHomeApi.ts';
import '../investorHome.css';

const hrefOf = (thread: number | 'new' | null) =>
  thread === null ? '/investor/contact' : `/investor/contact?thread=${thread}`;

/** The investor's conversations with the firm (/investor/contact). */
export function InvestorMessages() {
  const { t } = useTranslation();
  const clientId = useInvestorId();
  const poll = useInboxLive();
  const list = useMyThreads(clientId, poll);
  return (
    <Conversations
      texts="investorContact"
      list={list}
      poll={poll}
      hrefOf={hrefOf}
      mine="client"
      whoOf={(m) =>
        m.from === 'client' ? t('investorContact.you') : (m.employee?.name ?? t('investorContact.firm'))
      }
    />
  );
}
