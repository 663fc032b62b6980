import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES modules of the locales: `antd/locale/*` re-export CommonJS copies (antd/lib) that nothing else shares.
import enUS from 'antd/es/locale/en_US';
import zhTW from 'antd/es/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionProvider, type SessionStore } from '../features/auth/session/index.ts';
import { FeedbackProvider } from '../shared/feedback/index.tsx';
import { isLanguage, type Language } from '../shared/i18n/index.ts';
import { appTheme } from './theme.ts';

const DAYJS_LOCALE: Record<Language, string> = { 'zh-TW': 'zh-tw', en: 'en' };

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'zh-TW';
}

/**
 * Ant Design with the zh_TW (or en_US) locale and the brand theme; `<html lang>` follows the language.
 * Toasts, notifications and confirmations (`useFeedback`) load antd's parts on their first use.
 */
function UiProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  dayjs.locale(DAYJS_LOCALE[language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhTW}
      theme={appTheme}
      button={{ autoInsertSpace: false }}
    >
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}

export function AppProviders({
  queryClient,
  sessionStore,
  children,
}: {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={sessionStore}>
        <UiProvider>{children}</UiProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
