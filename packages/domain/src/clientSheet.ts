import { type Bilingual, CONTACT_STAGE_LABELS, CURRENCY_LABELS, MEMBERSHIP_LABELS } from './labels.ts';
import { textProblem } from './text.ts';
import { CONTACT_STAGES, CURRENCIES, type ContactStage, MEMBERSHIP_TIERS } from './stages.ts';

/**
 * The client list as a spreadsheet (issue 9): what an export writes and an import reads back.
 * Headers and enumerated cells are people's words (zh-TW or English), so a file exported in one
 * language re-imports in either; keys are accepted too. Read-only columns (owner, invested) are
 * written for reading and ignored on import.
 */
export type SheetCellKind =
  | 'text'
  | 'email'
  | 'membership'
  | 'contactStage'
  | 'money'
  | 'currency'
  | 'keys'
  | 'date';

export interface ClientSheetColumn {
  key: string;
  label: Bilingual;
  kind: SheetCellKind;
  importable: boolean;
  /** Headers earlier exports wrote for this column, still read on import. */
  aliases?: readonly string[];
}

export const CLIENT_SHEET_COLUMNS = [
  { key: 'email', label: { 'zh-TW': '電子郵件', en: 'Email' }, kind: 'email', importable: true },
  { key: 'name', label: { 'zh-TW': '姓名', en: 'Name' }, kind: 'text', importable: true },
  { key: 'lastName', label: { 'zh-TW': '姓', en: 'Last name' }, kind: 'text', importable: true },
  { key: 'firstName', label: { 'zh-TW': '名', en: 'First name' }, kind: 'text', importable: true },
  { key: 'phone', label: { 'zh-TW': '電話', en: 'Phone' }, kind: 'text', importable: true },
  { key: 'type', label: { 'zh-TW': '投資人類型', en: 'Type' }, kind: 'text', importable: true },
  {
    key: 'membership',
    label: { 'zh-TW': '會員等級', en: 'Membership' },
    kind: 'membership',
    importable: true,
  },
  {
    key: 'process_status',
    label: { 'zh-TW': '聯絡階段', en: 'Contact stage' },
    kind: 'contactStage',
    importable: true,
    aliases: ['聯繫階段'],
  },
  { key: 'check_size', label: { 'zh-TW': '單筆投資額', en: 'Check size' }, kind: 'money', importable: true },
  { key: 'currency', label: { 'zh-TW': '幣別', en: 'Currency' }, kind: 'currency', importable: true },
  { key: 'domain_keys', label: { 'zh-TW': '關注領域', en: 'Domains' }, kind: 'keys', importable: true },
  { key: 'industry_keys', label: { 'zh-TW': '關注產業', en: 'Industries' }, kind: 'keys', importable: true },
  {
    key: 'expiry_at',
    label: { 'zh-TW': '會員到期日', en: 'Membership expiry' },
    kind: 'date',
    importable: true,
  },
  { key: 'next_step', label: { 'zh-TW': '下一步', en: 'Next step' }, kind: 'text', importable: true },
  { key: 'employee', label: { 'zh-TW': '負責人', en: 'Owner' }, kind: 'text', importable: false },
  {
    key: 'invest_money',
    label: { 'zh-TW': '已投資金額（新臺幣）', en: 'Invested (NT$)' },
    kind: 'money',
    importable: false,
    aliases: ['已投資金額', 'Invested'],
  },
  {
    key: 'invested_other',
    label: { 'zh-TW': '已投資金額（其他幣別）', en: 'Invested (other currencies)' },
    kind: 'text',
    importable: false,
  },
] as const satisfies readonly ClientSheetColumn[];

export type ClientSheetKey = (typeof CLIENT_SHEET_COLUMNS)[number]['key'];
export type ImportableKey = Extract<(typeof CLIENT_SHEET_COLUMNS)[number], { importable: true }>['key'];

/** The values an import may set on a client, parsed from one row's cells. */
export interface ClientSheetValues {
  email?: string;
  name?: string;
  lastName?: string | null;
  firstName?: string | null;
  phone?: string | null;
  type?: string | null;
  membership?: (typeof MEMBERSHIP_TIERS)[number];
  process_status?: ContactStage;
  check_size?: number | null;
  currency?: (typeof CURRENCIES)[number];
  domain_keys?: string[];
  industry_keys?: string[];
  expiry_at?: string | null;
  next_step?: string | null;
}

/** Why a cell or a row is refused; the web words each kind. */
export type SheetProblem =
  | 'required'
  | 'invalid_email'
  | 'unknown_value'
  | 'invalid_number'
  | 'invalid_date'
  | 'too_long'
  | 'invalid_characters'
  | 'duplicate_in_file'
  | 'not_visible'
  | 'stage_not_allowed'
  /** The server refused the write (a rule beyond the cells, such as an owner who cannot take it). */
  | 'rejected';

export interface SheetIssue {
  /** The column's key, or null for the row as a whole. */
  column: ClientSheetKey | null;
  problem: SheetProblem;
}

const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** Column key of a header cell in either language (or the key itself); null for a column we do not know. */
export function sheetColumnOf(header: string): ClientSheetKey | null {
  const h = norm(header);
  for (const c of CLIENT_SHEET_COLUMNS) {
    const aliases: readonly string[] = 'aliases' in c ? c.aliases : [];
    if (
      h === c.key.toLowerCase() ||
      h === norm(c.label['zh-TW']) ||
      h === norm(c.label.en) ||
      aliases.some((a) => h === norm(a))
    )
      return c.key;
  }
  return null;
}

function enumOf<K extends string>(table: Record<K, Bilingual>, keys: readonly K[], cell: string): K | null {
  const v = norm(cell);
  for (const k of keys) {
    if (v === k.toLowerCase() || v === norm(table[k]['zh-TW']) || v === norm(table[k].en)) return k;
  }
  return null;
}

const MAX_TEXT = 2000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One row's cells (by column key, as text) → the values it sets and what is wrong with it. An
 * empty cell clears an optional field; an empty required cell (email, name on a new client) is an
 * issue the caller raises, because only it knows whether the row creates a client.
 */
export function parseClientRow(cells: Partial<Record<ClientSheetKey, string>>): {
  values: ClientSheetValues;
  issues: SheetIssue[];
} {
  const values: ClientSheetValues = {};
  const issues: SheetIssue[] = [];
  const target = values as Record<string, unknown>;
  for (const column of CLIENT_SHEET_COLUMNS) {
    if (!column.importable) continue;
    const raw = cells[column.key];
    if (raw === undefined) continue;
    const cell = raw.trim();
    const issue = (problem: SheetProblem) => issues.push({ column: column.key, problem });
    if (textProblem(cell)) {
      issue('invalid_characters');
      continue;
    }
    if (cell.length > MAX_TEXT) {
      issue('too_long');
      continue;
    }
    if (cell === '') {
      // Required and defaulted fields are left as they are; the others are cleared.
      if (!['email', 'name', 'membership', 'process_status', 'currency'].includes(column.key)) {
        target[column.key] = column.kind === 'keys' ? [] : null;
      }
      continue;
    }
    switch (column.kind) {
      case 'email':
        if (EMAIL.test(cell) && cell.length <= 254) target[column.key] = cell.toLowerCase();
        else issue('invalid_email');
        break;
      case 'membership': {
        const v = enumOf(MEMBERSHIP_LABELS, MEMBERSHIP_TIERS, cell);
        if (v) target[column.key] = v;
        else issue('unknown_value');
        break;
      }
      case 'contactStage': {
        const v = enumOf(CONTACT_STAGE_LABELS, CONTACT_STAGES, cell);
        if (v) target[column.key] = v;
        else issue('unknown_value');
        break;
      }
      case 'currency': {
        const v = enumOf(CURRENCY_LABELS, CURRENCIES, cell);
        if (v) target[column.key] = v;
        else issue('unknown_value');
        break;
      }
      case 'money': {
        const n = Number(cell.replace(/^(NT|US)?\$/i, '').replace(/[,\s]/g, ''));
        if (Number.isFinite(n) && n >= 0 && n <= 1e15) target[column.key] = n;
        else issue('invalid_number');
        break;
      }
      case 'date': {
        const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(cell);
        const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
        if (m && d && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCFullYear() >= 1900) {
          target[column.key] = d.toISOString().slice(0, 10);
        } else issue('invalid_date');
        break;
      }
      case 'keys':
        target[column.key] = [
          ...new Set(
            cell
              .split(/[,，、;；\n]/)
              .map((k) => k.trim())
              .filter(Boolean),
          ),
        ].slice(0, 50);
        break;
      default:
        target[column.key] = cell;
    }
  }
  return { values, issues };
}

/** What an import does with one row. */
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/** An existing client as the import planner compares it. */
export interface ExistingClientForImport {
  id: number;
  visible: boolean;
  values: Required<ClientSheetValues>;
}

export interface PlannedRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  outcome: ImportOutcome;
  email: string | null;
  clientId: number | null;
  /** For created rows every value given; for updated rows only the changed ones. */
  changes: ClientSheetValues;
  issues: SheetIssue[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Decides each row of an import (issue 9): rows match an existing client on email; a new email
 * creates a client (name required); changed cells update; nothing changed is `unchanged`; a row
 * with any bad cell, a repeated email, a client the importer may not see, or a contact stage the
 * importer may not put clients in is refused whole, with every reason. Pure: the server applies it.
 */
export function planClientImport(
  rows: ReadonlyArray<Partial<Record<ClientSheetKey, string>>>,
  existingByEmail: ReadonlyMap<string, ExistingClientForImport>,
  allowedStages: readonly ContactStage[],
): PlannedRow[] {
  const seen = new Set<string>();
  return rows.map((cells, i) => {
    const row = i + 2;
    const { values, issues } = parseClientRow(cells);
    const email = values.email ?? null;
    const refused = (more: SheetIssue[] = []): PlannedRow => ({
      row,
      outcome: 'refused',
      email,
      clientId: null,
      changes: {},
      issues: [...issues, ...more],
    });
    if (!email)
      return refused(
        issues.some((x) => x.column === 'email') ? [] : [{ column: 'email', problem: 'required' }],
      );
    if (seen.has(email)) return refused([{ column: 'email', problem: 'duplicate_in_file' }]);
    seen.add(email);
    if (issues.length) return refused();
    if (values.process_status && !allowedStages.includes(values.process_status)) {
      return refused([{ column: 'process_status', problem: 'stage_not_allowed' }]);
    }
    const existing = existingByEmail.get(email);
    if (!existing) {
      if (!values.name) return refused([{ column: 'name', problem: 'required' }]);
      const stage = values.process_status ?? allowedStages[0];
      if (!stage) return refused([{ column: null, problem: 'stage_not_allowed' }]);
      return {
        row,
        outcome: 'created',
        email,
        clientId: null,
        changes: { ...values, process_status: stage },
        issues: [],
      };
    }
    if (!existing.visible) return refused([{ column: 'email', problem: 'not_visible' }]);
    const changes: ClientSheetValues = {};
    for (const [key, value] of Object.entries(values) as [keyof ClientSheetValues, unknown][]) {
      if (key === 'email') continue;
      if (!same(existing.values[key], value)) (changes as Record<string, unknown>)[key] = value;
    }
    const outcome: ImportOutcome = Object.keys(changes).length ? 'updated' : 'unchanged';
    return { row, outcome, email, clientId: existing.id, changes, issues: [] };
  });
}
