import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

type Report = (key: string, dirty: boolean) => void;
const DirtyContext = createContext<Report | null>(null);

/**
 * One guard for a page holding several forms (the case page's tabs): each form reports whether
 * it has unsaved changes, and leaving the page asks while any of them does. React Router keeps
 * one blocker at a time, so forms report here instead of each blocking on its own.
 */
export function DirtyScope({ children }: { children: ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>((key, dirty) => {
    setDirtyKeys((keys) => {
      if (keys.has(key) === dirty) return keys;
      const next = new Set(keys);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return (
    <DirtyContext.Provider value={report}>
      {children}
      <UnsavedChangesGuard when={dirtyKeys.size > 0} />
    </DirtyContext.Provider>
  );
}

/**
 * Tells the page's guard whether this form has unsaved changes. Outside a `DirtyScope` the form
 * guards on its own.
 */
export function useReportDirty(dirty: boolean): { standalone: boolean } {
  const report = useContext(DirtyContext);
  const key = useId();
  useEffect(() => {
    if (!report) return;
    report(key, dirty);
  }, [report, key, dirty]);
  useEffect(() => () => report?.(key, false), [report, key]);
  return useMemo(() => ({ standalone: report === null }), [report]);
}
