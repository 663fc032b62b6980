import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useReportDirty } from './DirtyScope.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/**
 * The guard for a form in a modal (an item, a fund role, a colleague): from its first change until
 * it closes, leaving the page asks like any other form. Inside a `DirtyScope` the page's one guard
 * asks; elsewhere `guard` is rendered in the modal. Give the form `onValuesChange={markDirty}`.
 */
export function useModalFormGuard(open: boolean): { markDirty: () => void; guard: ReactNode } {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!open) setDirty(false);
  }, [open]);
  const when = open && dirty;
  const { standalone } = useReportDirty(when);
  const markDirty = useCallback(() => setDirty(true), []);
  return { markDirty, guard: standalone ? <UnsavedChangesGuard when={when} /> : null };
}
