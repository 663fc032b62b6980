import { Modal } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type BlockerFunction, useBlocker } from 'react-router';

/**
 * Leaving for another page blocks while `when` is true: a link, the back button or a redirect
 * asks first; closing or reloading the tab gets the browser's own prompt (`beforeunload`).
 * A change of the query string only (a case tab) is not leaving and never asks.
 */
export function useUnsavedChanges(when: boolean) {
  // Read at navigation time: a form that saves and then navigates in one handler is not blocked
  // once its clean state has rendered (flushSync).
  const whenRef = useRef(when);
  whenRef.current = when;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      whenRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved or discarded while the question was open: nothing is lost any more, go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return blocker;
}

/** The guard with its question: 「有尚未儲存的變更，確定要離開？」 with 留下 (default) and 離開. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation();
  const blocker = useUnsavedChanges(when);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('forms.unsaved.leaveTitle')}
      okText={t('forms.unsaved.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('forms.unsaved.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
      width={420}
    >
      {t('forms.unsaved.leaveBody')}
    </Modal>
  );
}
