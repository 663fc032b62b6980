import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllThreads, useInboxLive } from '../../contact/api/servicesApi.ts';
import { Conversations } from '../../contact/components/Conversations.tsx';

const SERVICES = '/api/internal/v1/services';

/** The startup's threads (shared by the tab's unread badge and the panel), told live of changes. */
export function useStartupThreads(hasCase: boolean) {
  const poll = useInboxLive(hasCase);
  return { poll, list: useAllThreads(SERVICES, {}, poll, hasCase) };
}
const hrefOf = (thread: number | 'new' | null) =>
  thread === null ? '/startup?tab=messages' : `/startup?tab=messages&thread=${thread}`;

/**
 * 訊息 (issue 14): the startup's conversations with the firm, through the same service threads as
 * investors (the server keeps it to its own case's); staff replies arrive live.
 */
export function StartupMessages({ hasCase }: { hasCase: boolean }) {
  const { t } = useTranslation();
  const { poll, list } = useStartupThreads(hasCase);
  if (!hasCase) return <Empty description={t('startupProfile.myCase.noCase')} />;
  return (
    <Conversations
      texts="startupMessages"
      list={list}
      poll={poll}
      hrefOf={hrefOf}
      mine="client"
      titleLevel={4}
      whoOf={(m) =>
        m.from === 'client' ? t('startupMessages.you') : (m.employee?.name ?? t('startupMessages.firm'))
      }
    />
  );
}
