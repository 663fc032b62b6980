import type { FormRule } from 'antd';
import type { ReactNode } from 'react';

/** How a field is edited and how it reads when it cannot be edited. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'url'
  | 'money'
  | 'number'
  | 'date'
  | 'datetime'
  | 'switch'
  | 'select'
  | 'tags'
  | 'custom';

/**
 * One field of a record, for both the form that edits it and the read-only view of it
 * (`FormFields` and `RecordView`), so the two never drift apart.
 */
export interface FieldDef {
  /** The form name: a key or a path into the values. */
  name: string | (string | number)[];
  label: ReactNode;
  kind: FieldKind;
  rules?: FormRule[];
  /** Text length limit (also a rule). */
  max?: number;
  required?: boolean | string;
  /** Options of a select: the read-only view shows the chosen labels. */
  options?: { value: string | number; label: ReactNode }[];
  multiple?: boolean;
  /** Takes a whole row (text areas, lists); other fields go two to a row on wide screens. */
  wide?: boolean;
  placeholder?: string;
  extra?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  rows?: number;
  /** For `custom` (or to replace the default input): the input element; Form.Item passes value and onChange. */
  input?: ReactNode;
  /** The input renders its own Form.Item(s) or Form.List: it is wrapped in a plain labelled item. */
  bare?: boolean;
  /** The read-only text of the value; replaces the default for its kind. */
  display?: (value: unknown) => ReactNode;
  /** Antd Form.Item options that some inputs need. */
  valuePropName?: string;
  dependencies?: (string | number)[][];
  /** Left out of the form (still shown read-only). */
  hidden?: boolean;
}

/** The value at a form name in a values object. */
export function valueAt(values: unknown, name: FieldDef['name']): unknown {
  const path = Array.isArray(name) ? name : [name];
  let v: unknown = values;
  for (const key of path) {
    if (v === null || v === undefined || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v;
}

export const fieldKey = (name: FieldDef['name']) => (Array.isArray(name) ? name.join('.') : name);

/**
 * A select's options plus the stored value when they no longer offer it (a colleague who has since
 * left or lost access), so a form opened on that value still names it.
 */
export function withStoredOption<V extends string | number>(
  options: { value: V; label: ReactNode }[],
  stored: { value: V | null; label: ReactNode } | null,
): { value: V; label: ReactNode }[] {
  if (!stored || stored.value === null || options.some((o) => o.value === stored.value)) return options;
  return [...options, { value: stored.value, label: stored.label }];
}
