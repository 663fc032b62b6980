import {
  CARD_IMPORT_MAX_ROWS,
  CardCreateBody,
  type CardImportReport,
  TEXT_PROBLEM_MESSAGES,
  textProblem,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Cell, readTable } from '../../lib/tableFile.ts';
import { recordActivities } from '../activity/repository.ts';
import * as repo from './repository.ts';
import { cardValues } from './service.ts';
import { parseVCards, VCardError, type VCardEntry } from './vcard.ts';

/**
 * Importing cards (issue 11) from a CSV or XLSX sheet (a header row naming the columns, in English
 * or zh-TW) or a vCard file. Every row is checked as a card made by hand would be; the good ones
 * are created (owned by the importer) in one transaction, and the report says per row what
 * happened and why. A file that is not one of these, has no name column, or holds more than
 * CARD_IMPORT_MAX_ROWS cards is refused whole.
 */

type Field = 'name' | 'company' | 'title' | 'phones' | 'emails' | 'address' | 'notes' | 'tags';

/** Column headers as people write them (lower-cased, spaces and underscores dropped). */
const HEADERS: Record<string, Field> = {
  name: 'name',
  fullname: 'name',
  fn: 'name',
  姓名: 'name',
  名字: 'name',
  company: 'company',
  organization: 'company',
  org: 'company',
  公司: 'company',
  title: 'title',
  jobtitle: 'title',
  職稱: 'title',
  phones: 'phones',
  phone: 'phones',
  mobile: 'phones',
  tel: 'phones',
  電話: 'phones',
  手機: 'phones',
  emails: 'emails',
  email: 'emails',
  'e-mail': 'emails',
  電子郵件: 'emails',
  信箱: 'emails',
  address: 'address',
  地址: 'address',
  notes: 'notes',
  note: 'notes',
  備註: 'notes',
  tags: 'tags',
  tag: 'tags',
  標籤: 'tags',
};
const LIST_FIELDS: ReadonlySet<Field> = new Set(['phones', 'emails', 'tags']);

const headerKey = (cell: Cell) =>
  String(cell ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]/g, '');

function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** Several values in one cell: separated by semicolons, commas (not for phones) or new lines. */
const splitList = (text: string, field: Field) =>
  text
    .split(field === 'phones' ? /[;\n、]/ : /[;,\n、，]/)
    .map((s) => s.trim())
    .filter(Boolean);

type Draft = {
  row: number;
  input: Record<string, unknown>;
  problems: Array<{ field: string | null; message: string }>;
};

function draftsOfTable(rows: Array<{ row: number; cells: Cell[] }>): { drafts: Draft[]; ignored: string[] } {
  const [header, ...body] = rows;
  if (!header) throw new AppError('IMPORT_FILE_UNREADABLE', { message: 'The file is empty' });
  const columns = header.cells.map((c) => HEADERS[headerKey(c)] ?? null);
  if (!columns.includes('name')) {
    throw new AppError('IMPORT_COLUMNS_MISSING', {
      message: 'The file needs a "name" (姓名) column in its first row',
    });
  }
  const ignored = header.cells.filter((c, i) => columns[i] === null && cellText(c) !== '').map(cellText);
  const drafts: Draft[] = [];
  for (const { row, cells } of body) {
    if (cells.every((c) => cellText(c) === '')) continue;
    const input: Record<string, unknown> = {};
    const problems: Draft['problems'] = [];
    columns.forEach((field, i) => {
      if (!field) return;
      const text = cellText(cells[i]);
      const problem = textProblem(text);
      if (problem) {
        problems.push({ field, message: TEXT_PROBLEM_MESSAGES[problem] });
        return;
      }
      if (LIST_FIELDS.has(field)) {
        input[field] = [...((input[field] as string[] | undefined) ?? []), ...splitList(text, field)];
      } else if (text !== '' && input[field] === undefined) {
        input[field] = text;
      }
    });
    drafts.push({ row, input, problems });
  }
  return { drafts, ignored };
}

function draftsOfVCards(entries: VCardEntry[]): Draft[] {
  return entries.map(({ line, fields }) => {
    const problems: Draft['problems'] = [];
    const input: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      const texts = Array.isArray(value) ? value.filter(Boolean) : value ? [value] : [];
      const bad = texts.map((t) => textProblem(t)).find(Boolean);
      if (bad) {
        problems.push({ field, message: TEXT_PROBLEM_MESSAGES[bad] });
        continue;
      }
      if (Array.isArray(value)) input[field] = texts;
      else if (value) input[field] = value;
    }
    return { row: line, input, problems };
  });
}

const looksLikeVCard = (data: Buffer) =>
  /^(\uFEFF)?\s*BEGIN:VCARD/i.test(data.subarray(0, 64).toString('utf8'));

function readVCardFile(data: Buffer): VCardEntry[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new AppError('IMPORT_FILE_TYPE', {
      message: 'The vCard file is not in UTF-8: export it again as UTF-8',
    });
  }
  try {
    return parseVCards(text, CARD_IMPORT_MAX_ROWS);
  } catch (err) {
    if (err instanceof VCardError) {
      throw new AppError('IMPORT_TOO_MANY_ROWS', {
        message: `The file has more than ${CARD_IMPORT_MAX_ROWS} cards; one import takes at most ${CARD_IMPORT_MAX_ROWS}: split it`,
      });
    }
    throw err;
  }
}

export async function importCards(
  ctx: ServiceContext,
  file: { filename: string; data: Buffer },
  options: { dryRun: boolean },
): Promise<CardImportReport> {
  const actor = staffActor(ctx);
  const vcard = looksLikeVCard(file.data);
  const { drafts, ignored } = vcard
    ? { drafts: draftsOfVCards(readVCardFile(file.data)), ignored: [] }
    : draftsOfTable(await readTable(file.data, { maxRows: CARD_IMPORT_MAX_ROWS }));

  const report: CardImportReport = {
    dry_run: options.dryRun,
    format: vcard ? 'vcard' : 'table',
    created: 0,
    refused: 0,
    ignored_columns: ignored,
    rows: [],
  };
  const accepted: Array<{ index: number; values: ReturnType<typeof cardValues> }> = [];
  for (const draft of drafts) {
    const problems = [...draft.problems];
    let values: ReturnType<typeof cardValues> | null = null;
    if (problems.length === 0) {
      const parsed = CardCreateBody.safeParse(draft.input);
      if (parsed.success) values = cardValues(parsed.data);
      else {
        for (const issue of parsed.error.issues) {
          problems.push({
            field: issue.path.length > 0 ? String(issue.path[0]) : null,
            message: issue.message,
          });
        }
      }
    }
    const name = typeof draft.input.name === 'string' ? draft.input.name : null;
    report.rows.push({
      row: draft.row,
      outcome: values ? 'created' : 'refused',
      name,
      card_id: null,
      issues: problems,
    });
    if (values) accepted.push({ index: report.rows.length - 1, values });
  }
  report.created = accepted.length;
  report.refused = report.rows.length - accepted.length;
  if (options.dryRun || accepted.length === 0) return report;

  await ctx.db.transaction(async (tx) => {
    const ids = await repo.insertCards(
      tx,
      accepted.map((a) => ({ ...a.values, owner_id: actor.id })),
    );
    await recordActivities(
      tx,
      ctx.actor,
      ids.map((id, i) => {
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [k, v] of Object.entries(accepted[i]?.values ?? {})) changes[k] = { from: null, to: v };
        return {
          entity_type: 'card',
          entity_id: id,
          action: 'create',
          changes,
          reason: `import ${file.filename}`.slice(0, 300),
        };
      }),
    );
    ids.forEach((id, i) => {
      const row = report.rows[accepted[i]?.index ?? -1];
      if (row) row.card_id = id;
    });
  });
  return report;
}
