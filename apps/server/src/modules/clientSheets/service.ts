import {
  CLIENT_SHEET_COLUMNS,
  type ClientExportQuery,
  type ClientImportReport,
  type ClientSheetKey,
  type ClientSheetValues,
  type ContactStage,
  type ExistingClientForImport,
  canSeeClient,
  clientStagesVisibleTo,
  contactMoveNeedsReason,
  planClientImport,
  sheetColumnOf,
} from '@dealflow/domain';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { collectGarbage } from '../../lib/memory.ts';
import { type Cell, readTable } from '../../lib/tableFile.ts';
import { presentClientSummary } from '../clients/presenter.ts';
import * as clients from '../clients/service.ts';
import * as repo from './repository.ts';
import { csvWriter, type SheetLanguage, undefuse, xlsxWriter } from './sheet.ts';

/** Rows read per query while exporting: enough to keep round trips few, small enough to stay lean. */
const EXPORT_BATCH = 1000;
/** Batches between two garbage collections of an export (lib/memory.ts): every 10,000 rows. */
const EXPORT_COLLECT_EVERY = 10;
/** An import larger than this is refused whole: split it (each row is its own write). */
export const IMPORT_MAX_ROWS = 5000;

const stamp = () => new Date().toISOString().slice(0, 10);

/**
 * The filtered list as a file (issue 9: "exports what is on screen"): the same filters, sort and
 * visibility as `v2/clients`, read in batches and written as they come, so memory stays flat.
 */
export async function exportClients(ctx: ServiceContext, q: ClientExportQuery) {
  staffActor(ctx);
  const lang: SheetLanguage = q.lang ?? 'zh-TW';
  const { format, lang: _lang, ...filters } = q;
  const writer =
    format === 'xlsx' ? await xlsxWriter(lang, lang === 'en' ? 'Clients' : '投資人') : csvWriter(lang);
  const run = async () => {
    for (let page = 1; ; page++) {
      const { rows } = await clients.listClients(ctx, { ...filters, page, size: EXPORT_BATCH });
      await writer.add(rows.map(presentClientSummary));
      if (rows.length < EXPORT_BATCH) break;
      if (page % EXPORT_COLLECT_EVERY === 0) collectGarbage();
    }
    await writer.end();
  };
  run().catch((err: unknown) => {
    // Headers are gone by now: the download ends broken, and the log says why.
    ctx.log.error({ err }, 'client export failed');
    writer.stream.destroy(err instanceof Error ? err : new Error('export failed'));
  });
  const base = `${lang === 'en' ? 'clients' : '投資人名單'}-${stamp()}`;
  return {
    stream: writer.stream,
    filename: `${base}.${format}`,
    contentType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
  };
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return undefuse(String(cell));
}

function existingOf(
  row: Awaited<ReturnType<typeof repo.clientsByEmails>>[number],
  role: ReturnType<typeof staffActor>['role'],
): ExistingClientForImport {
  return {
    id: row.id,
    visible: !row.is_deleted && canSeeClient(role, row.process_status as ContactStage),
    values: {
      email: row.email,
      name: row.name,
      lastName: row.last_name,
      firstName: row.first_name,
      phone: row.phone,
      type: row.type,
      membership: row.membership as ExistingClientForImport['values']['membership'],
      process_status: row.process_status as ContactStage,
      check_size: row.check_size,
      currency: row.currency as ExistingClientForImport['values']['currency'],
      domain_keys: row.domain_keys,
      industry_keys: row.industry_keys,
      expiry_at: row.expiry_at ? row.expiry_at.toISOString().slice(0, 10) : null,
      next_step: row.next_step,
    },
  };
}

/** What a refused write says in the report: the field the server named, else the row. */
function refusal(err: unknown): { column: string | null; problem: 'rejected' } {
  const details =
    err instanceof AppError ? (err.details as Array<{ field?: string }> | undefined) : undefined;
  const field = Array.isArray(details) ? details[0]?.field : undefined;
  const column = CLIENT_SHEET_COLUMNS.find((c) => c.key === field)?.key ?? null;
  return { column, problem: 'rejected' };
}

/**
 * Reads a CSV or XLSX of clients and applies it row by row (issue 9): rows match on email, new
 * ones are created, changed cells update, the rest is reported unchanged or refused with reasons.
 * An unreadable file, or one without an email column, writes nothing. Each row is written through
 * the client service, so the same rules, visibility and history apply as in the screens.
 */
export async function importClients(
  ctx: ServiceContext,
  file: { filename: string; data: Buffer },
  options: { dryRun: boolean },
): Promise<ClientImportReport> {
  const actor = staffActor(ctx);
  const table = await readTable(file.data, { maxRows: IMPORT_MAX_ROWS });
  const [header, ...body] = table;
  if (!header) throw new AppError('IMPORT_FILE_UNREADABLE', { message: 'The file is empty' });
  const columns = header.cells.map((h) => sheetColumnOf(cellText(h)));
  const ignored = header.cells.map(cellText).filter((h, i) => h !== '' && columns[i] === null);
  if (!columns.includes('email')) {
    throw new AppError('IMPORT_COLUMNS_MISSING', {
      message: 'The file has no email column (電子郵件 / Email)',
    });
  }
  const dataRows = body.filter((r) => r.cells.some((c) => cellText(c).trim() !== ''));
  if (dataRows.length > IMPORT_MAX_ROWS) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', {
      message: `The file has ${dataRows.length} rows; one import takes at most ${IMPORT_MAX_ROWS}: split it`,
    });
  }
  const cells = dataRows.map((r) => {
    const out: Partial<Record<ClientSheetKey, string>> = {};
    columns.forEach((key, i) => {
      if (key) out[key] = cellText(r.cells[i] ?? null);
    });
    return out;
  });
  const emails = [...new Set(cells.map((c) => (c.email ?? '').trim().toLowerCase()).filter(Boolean))];
  const existing = await repo.clientsByEmails(ctx.db, emails);
  const byEmail = new Map(existing.map((row) => [row.email, existingOf(row, actor.role)]));
  // Where the importer may put clients: their stages (an sa's new rows start at p0).
  const plan = planClientImport(cells, byEmail, clientStagesVisibleTo(actor.role));

  const report: ClientImportReport = {
    dry_run: options.dryRun,
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    ignored_columns: ignored,
    rows: [],
  };
  for (const [i, p] of plan.entries()) {
    const rowNumber = dataRows[i]?.row ?? p.row;
    let outcome = p.outcome;
    let clientId = p.clientId;
    let issues: ClientImportReport['rows'][number]['issues'] = p.issues;
    if (!options.dryRun && (outcome === 'created' || outcome === 'updated')) {
      try {
        if (outcome === 'created') {
          const created = await clients.createClient(
            ctx,
            toBody(p.changes) as Parameters<typeof clients.createClient>[1],
          );
          clientId = created.row.id;
        } else if (clientId !== null) {
          const before = byEmail.get(p.email ?? '');
          const body: Record<string, unknown> = toBody(p.changes);
          const from = before?.values.process_status;
          if (p.changes.process_status && from && contactMoveNeedsReason(from, p.changes.process_status)) {
            body.reason = `試算表匯入：${file.filename}`.slice(0, 2000);
          }
          await clients.updateClient(ctx, clientId, body as Parameters<typeof clients.updateClient>[2]);
        }
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        outcome = 'refused';
        issues = [refusal(err)];
      }
    }
    report[outcome]++;
    report.rows.push({
      row: rowNumber,
      outcome,
      email: p.email,
      client_id: clientId,
      fields: outcome === 'refused' ? [] : Object.keys(p.changes),
      issues,
    });
  }
  return report;
}

/** Sheet values → the API body (the names are the same; undefined keys are dropped). */
function toBody(values: ClientSheetValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
