import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

/** The toasts, notifications and confirmations every page may raise (antd's message, notification, modal). */
export type Feedback = {
  message: Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning' | 'open' | 'destroy'>;
  notification: Pick<NotificationInstance, 'error'>;
  modal: Pick<ModalHookApi, 'confirm'>;
};

type Call = (feedback: Feedback) => void;

const FeedbackContext = createContext<Feedback | null>(null);

// antd's message, notification and modal (≈ 15 kB gzip with their motion and dialog parts) load on the
// first toast or confirmation, not with every page: a page that raises none never downloads them.
const FeedbackHolder = lazy(() => import('./FeedbackHolder.tsx'));

/**
 * Provides `useFeedback()` under antd's ConfigProvider (theme, locale). Calls made before antd's parts
 * have loaded wait for them and then run in order; nothing is dropped.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const loaded = useRef<Feedback | null>(null);
  const waiting = useRef<Call[]>([]);

  const feedback = useMemo<Feedback>(() => {
    const run = (call: Call) => {
      if (loaded.current) {
        call(loaded.current);
        return;
      }
      waiting.current.push(call);
      setWanted(true);
    };
    // The callers use neither the handles nor the promises antd returns (a toast closes on its own).
    const forward =
      <A extends unknown[]>(pick: (feedback: Feedback) => (...args: A) => unknown) =>
      (...args: A) =>
        run((feedback) => pick(feedback)(...args));
    return {
      message: {
        success: forward((f) => f.message.success),
        error: forward((f) => f.message.error),
        info: forward((f) => f.message.info),
        warning: forward((f) => f.message.warning),
        open: forward((f) => f.message.open),
        destroy: forward((f) => f.message.destroy),
      } as Feedback['message'],
      notification: { error: forward((f) => f.notification.error) },
      modal: { confirm: forward((f) => f.modal.confirm) } as Feedback['modal'],
    };
  }, []);

  const ready = useCallback((parts: Feedback) => {
    loaded.current = parts;
    for (const call of waiting.current.splice(0)) call(parts);
  }, []);

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHolder onReady={ready} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}

/** Toasts (`message`), notifications and confirmations (`modal.confirm`) for the signed-in areas and forms. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback needs a FeedbackProvider (app/providers.tsx)');
  return feedback;
}
