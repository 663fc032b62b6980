import {
  DD_IMPORT_LIMITS,
  canEditCase,
  type ClientDdCreateBody,
  type ClientDdUpdateBody,
  type DdCreateBody,
  type DdImportReport,
  type DdImportRow,
  type DdSearchQuery,
  type DdUpdateBody,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { findLiveClient } from '../items/repository.ts';
import {
  caseParent,
  invalidField,
  paging,
  readableCase,
  recordCaseActivity,
  staffActor,
  writeOnCase,
} from '../caseItems/service.ts';
import { readTable } from '../../lib/tableFile.ts';
import { caseExists } from '../cases/repository.ts';
import { clientParent } from '../clients/itemParent.ts';
import { itemService } from '../items/service.ts';
import { assertNotRecused } from '../legalDocs/recusal.ts';
import { readCandidates } from './importRows.ts';
import * as repo from './repository.ts';
import type { DdInsert, DdRow } from './repository.ts';

/** A comment may name a client; that client must exist and not be deleted. */
async function checkClient(db: DbOrTx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!(await findLiveClient(db, id)))
    throw invalidField('body.client_id', 'No client with this id', 'unknown_reference');
}

function toColumns(input: DdUpdateBody): Partial<DdInsert> {
  const values: Partial<DdInsert> = {};
  if (input.content !== undefined) values.content = input.content;
  if (input.client_id !== undefined) values.client_id = input.client_id;
  return values;
}

const caseDd = itemService(caseParent, {
  notFound: 'DD_NOT_FOUND',
  action: 'dd',
  list: repo.listDd,
  find: repo.findDd,
  insert: repo.insertDd,
  update: repo.updateDd,
  remove: repo.deleteDd,
  row: (view) => view.dd,
  toColumns,
  toNewRow: (input: DdCreateBody, owner) => ({
    content: input.content,
    client_id: input.client_id ?? null,
    ...owner,
  }),
  // A comment as an investor's (their DD / IC opinion) is refused when they are recused on the case (issue 13).
  checkCreate: async (tx, input, kase) => {
    await checkClient(tx, input.client_id);
    if (input.client_id) await assertNotRecused(tx, kase.id, input.client_id);
  },
  // Only a newly named client is checked: a comment keeps one that has since been deleted.
  checkUpdate: async (tx, before, input, _values, kase) => {
    if (input.client_id !== before.dd.client_id) {
      await checkClient(tx, input.client_id);
      if (input.client_id) await assertNotRecused(tx, kase.id, input.client_id);
    }
  },
  audited: (row: DdRow) => ({ content: row.content, client_id: row.client_id }),
});

export const { list: listDd, get: getDd, create: createDd, update: updateDd, remove: deleteDd } = caseDd;

/**
 * The comments a client wrote, seen from the client (`v2/clients/{id}/dd`, issue 9): whoever
 * works the client writes them on a live case. Each write goes into the client's history and, as
 * a comment of that case, into the case's history too.
 */
export const clientDd = itemService(clientParent, {
  notFound: 'DD_NOT_FOUND',
  action: 'client.dd',
  list: (db, clientId, p) => repo.searchDd(db, { clientIds: [clientId] }, p),
  find: (db, clientId, id) => repo.findDd(db, clientId, id, 'client_id'),
  insert: repo.insertDd,
  update: (tx, clientId, id, values) => repo.updateDd(tx, clientId, id, values, 'client_id'),
  remove: (tx, clientId, id) => repo.deleteDd(tx, clientId, id, 'client_id'),
  row: (view) => view.dd,
  toColumns: (input: ClientDdUpdateBody) => ({ content: input.content }),
  toNewRow: (input: ClientDdCreateBody, owner) => ({
    case_id: input.case_id,
    content: input.content,
    ...owner,
  }),
  checkCreate: async (tx, input, client) => {
    if (!(await caseExists(tx, input.case_id)))
      throw invalidField('body.case_id', 'No case with this id', 'unknown_reference');
    await assertNotRecused(tx, input.case_id, client.id);
  },
  mirror: { record: recordCaseActivity, id: (row) => row.case_id, action: 'dd' },
  audited: (row: DdRow) => ({ case_id: row.case_id, client_id: row.client_id, content: row.content }),
});

/** `v2/dd`: at least one of the two lists (SPEC section 8 'Case ID or Client ID is required'). */
export async function searchDd(ctx: ServiceContext, q: DdSearchQuery) {
  if (!q.case_ids?.length && !q.client_ids?.length) throw new AppError('CASE_OR_CLIENT_ID_REQUIRED');
  return repo.searchDd(
    ctx.db,
    { caseIds: q.case_ids, clientIds: q.client_ids },
    paging(q, { size: 20, allByDefault: true }),
  );
}

/**
 * The checks of a write, before an upload is read: a missing case or a caller who may not edit it
 * learns so without the file being parsed. The write itself checks again under the case lock.
 */
export async function checkImportAllowed(ctx: ServiceContext, caseId: number) {
  const actor = staffActor(ctx);
  const kase = await readableCase(ctx, caseId);
  if (!canEditCase(actor, { aoId: kase.ao_id, agentIds: kase.agent_ids })) throw new AppError('FORBIDDEN');
}

/**
 * Imports a CSV or XLSX of due-diligence comments. Every data row gets a line in the report:
 * imported with its new id, or refused with every reason found. The good rows are written in one
 * transaction with one history entry; a file that cannot be read imports nothing (400).
 */
export async function importDd(
  ctx: ServiceContext,
  caseId: number,
  file: { filename: string; data: Buffer },
): Promise<DdImportReport> {
  const now = new Date();
  const candidates = readCandidates(await readTable(file.data, { maxRows: DD_IMPORT_LIMITS.maxRows }), now);

  return writeOnCase(ctx, caseId, async (tx, _kase, actor) => {
    const emails = [...new Set(candidates.flatMap((c) => (c.clientEmail ? [c.clientEmail] : [])))];
    const ids = [...new Set(candidates.flatMap((c) => (typeof c.clientId === 'number' ? [c.clientId] : [])))];
    const live = await repo.findLiveClients(tx, emails, ids);
    const idByEmail = new Map(live.map((c) => [c.email.toLowerCase(), c.id]));
    const liveIds = new Set(live.map((c) => c.id));

    const report: DdImportRow[] = [];
    const accepted: Array<{ index: number; values: DdInsert }> = [];
    for (const c of candidates) {
      const problems = [...c.problems];
      let clientId: number | null = null;
      if (typeof c.clientId === 'string') {
        problems.push(`client_id "${c.clientId}" is not a client id`);
      } else if (c.clientId !== null) {
        if (liveIds.has(c.clientId)) clientId = c.clientId;
        else problems.push(`Unknown client id ${c.clientId}`);
      }
      if (c.clientEmail) {
        const byEmail = idByEmail.get(c.clientEmail);
        if (byEmail === undefined) problems.push(`Unknown client ${c.clientEmail}`);
        else if (clientId !== null && byEmail !== clientId)
          problems.push('client_email and client_id name different clients');
        else clientId = byEmail;
      }
      if (problems.length > 0) {
        report.push({ row: c.row, status: 'refused', reason: problems.join('; ') });
        continue;
      }
      accepted.push({
        index: report.length,
        values: {
          case_id: caseId,
          content: c.content,
          client_id: clientId,
          created_by: actor.id,
          ...(c.createdAt ? { created_at: c.createdAt } : {}),
        },
      });
      report.push({ row: c.row, status: 'imported' });
    }

    const newIds = await repo.insertManyDd(
      tx,
      accepted.map((a) => a.values),
    );
    accepted.forEach((a, i) => {
      report[a.index] = { ...report[a.index]!, id: newIds[i]! };
    });
    if (newIds.length > 0) {
      await recordCaseActivity(tx, ctx, caseId, 'dd.import', {
        ids: { from: null, to: newIds },
        file: { from: null, to: file.filename },
        refused: { from: null, to: candidates.length - newIds.length },
      });
    }
    return { imported: newIds.length, refused: candidates.length - newIds.length, rows: report };
  });
}
