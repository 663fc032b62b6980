import { useState } from 'react';
import { local } from '../storage.ts';

/** A column the user may show or hide; the first column of a table is pinned and always shown. */
export interface ChoosableColumn {
  key: string;
  /** Hidden until the user picks it in the column chooser. */
  defaultHidden?: boolean;
}

const storageKey = (tableId: string) => `dealflow.table.${tableId}.columns`;

/** The user's explicit choices, by column key; anything unreadable counts as no choice. */
function readChoice(tableId: string): Record<string, boolean> {
  try {
    const value: unknown = JSON.parse(local.getItem(storageKey(tableId)) ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'boolean'));
  } catch {
    return {};
  }
}

/**
 * Which columns of a table are shown, remembered per table in localStorage. Only the columns the
 * user toggled are stored, so a column added later still follows its default.
 */
export function useColumnChoice(tableId: string, columns: readonly ChoosableColumn[]) {
  const [choice, setChoice] = useState(() => readChoice(tableId));
  const isShown = (column: ChoosableColumn) => choice[column.key] ?? !column.defaultHidden;
  const shownKeys = columns.filter(isShown).map((c) => c.key);
  function save(next: Record<string, boolean>) {
    setChoice(next);
    if (Object.keys(next).length === 0) local.removeItem(storageKey(tableId));
    else local.setItem(storageKey(tableId), JSON.stringify(next));
  }
  return {
    shownKeys,
    setShown: (key: string, shown: boolean) => {
      const column = columns.find((c) => c.key === key);
      const next = { ...choice };
      // Back to its default: forget the choice rather than store it.
      if (column && shown === !column.defaultHidden) delete next[key];
      else next[key] = shown;
      save(next);
    },
    reset: () => save({}),
  };
}
