import { useTranslation } from 'react-i18next';
import { caseServicesBase, useAllThreads, useInboxLive } from '../../contact/api/servicesApi.ts';
import { Conversations } from '../../contact/components/Conversations.tsx';

/**
 * 新創訊息 (issue 14): the case's conversations with its startup, for staff who read the case (its
 * AO, admin; ao is kept off the inbox). Staff read, answer and start threads here.
 */
export function CaseMessagesTab({
  caseId,
  caseName,
  readOnly,
}: {
  caseId: number;
  caseName: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const base = caseServicesBase(caseId);
  const poll = useInboxLive();
  const list = useAllThreads(base, {}, poll);
  const hrefOf = (thread: number | 'new' | null) =>
    `/dashboard/manager/${caseId}?tab=messages${thread === null ? '' : `&thread=${thread}`}`;
  return (
    <Conversations
      texts="caseMessages"
      base={base}
      list={list}
      poll={poll}
      hrefOf={hrefOf}
      mine="employee"
      titleLevel={4}
      readOnly={readOnly}
      whoOf={(m) => (m.from === 'client' ? caseName : (m.employee?.name ?? t('caseMessages.firm')))}
    />
  );
}
