import { lazy, type ReactNode, Suspense } from 'react';

// antd's Modal loads only for the account that needs the dialog, not with every investor page.
const LeaveModal = lazy(() => import('./LeaveModal.tsx'));

/**
 * The leave dialog (SPEC sections 1 and 2): an expired investor membership or a dropped startup
 * cannot carry on; the only way out is signing out. Once shown it stays: nothing closes it.
 */
export function LeaveDialog({
  open,
  title,
  children,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LeaveModal title={title}>{children}</LeaveModal>
    </Suspense>
  );
}
