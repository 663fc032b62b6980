import type { FormInstance } from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useReportDirty } from './DirtyScope.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/**
 * The draft state of one antd form against the stored record it edits. `changes` is the form's own
 * "what would be sent" function (the diff against the stored record), so a field typed and typed
 * back is not a change. While clean, the form follows the stored record (a save elsewhere on the
 * page updates it); while dirty, the draft is kept.
 */
export function useFormDraft<V>({
  form,
  stored,
  changes,
  active = true,
}: {
  form: FormInstance<V>;
  /** False while the form is not rendered (a read-only view): nothing to follow or guard. */
  active?: boolean;
  /** Any value that changes when the stored record changes (e.g. its updated_at or JSON). */
  stored: unknown;
  changes: (values: V) => Record<string, unknown>;
}): {
  dirty: boolean;
  onValuesChange: (changed: unknown, all: V) => void;
  discard: () => void;
  saved: () => void;
  guard: ReactNode;
} {
  const [dirty, setDirty] = useState(false);
  const { standalone } = useReportDirty(dirty);
  const storedKey = typeof stored === 'string' ? stored : JSON.stringify(stored);

  // antd applies new initialValues only on reset: follow the stored record while there is no draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for the record the initial values come from
  useEffect(() => {
    if (active && !dirty) form.resetFields();
  }, [storedKey, dirty, form, active]);

  const onValuesChange = useCallback(
    (_: unknown, all: V) => setDirty(Object.keys(changes(all)).length > 0),
    [changes],
  );
  const discard = useCallback(() => {
    form.resetFields();
    setDirty(false);
  }, [form]);
  const saved = useCallback(() => setDirty(false), []);

  return {
    dirty,
    onValuesChange,
    discard,
    saved,
    guard: standalone && active ? <UnsavedChangesGuard when={dirty} /> : null,
  };
}
