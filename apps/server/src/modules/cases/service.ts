import {
  clientIdsInChanges,
  CASE_SORT_FIELDS,
  CASE_STAGES,
  type CaseStageStats,
  LIST_DEFAULTS,
  LOG_PAGE_SIZE,
  canBeAssigned,
  canEditCase,
  canSetRating,
  type CaseRatingField,
  evaluateStageMove,
  type CaseCreateBody,
  type CaseListQuery,
  type CaseLogQuery,
  type CaseSearchQuery,
  type CaseStage,
  type CaseUpdateBody,
  fileContentPath,
  type StaffRole,
  type TermSheet,
  type TermSheetFileRef,
  isTermSheetFileRef,
  termSheetFileRefs,
  type ValidationIssue,
  validationIssue,
  staffCan,
} from '@dealflow/domain';
import { AppError } from '../../lib/errors.ts';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { diff, recordActivity } from '../activity/repository.ts';
import { clientNamesByIds } from '../clients/repository.ts';
import * as repo from './repository.ts';
import { readOfCase } from '../caseItems/service.ts';
import { getFile } from '../files/service.ts';
import type { CaseInsert, CaseRow, CaseSortField } from './repository.ts';

function parseSort(sort: string | undefined): { field: CaseSortField; dir: 'asc' | 'desc' } {
  const [field, dir] = (sort ?? LIST_DEFAULTS.cases.sort).split(':') as [CaseSortField, 'asc' | 'desc'];
  if (!(CASE_SORT_FIELDS as readonly string[]).includes(field)) throw new AppError('INVALID_SORT');
  return { field, dir };
}

function paging(q: { page?: number; size?: number; all?: boolean }, allByDefault: boolean) {
  const size = q.size ?? LIST_DEFAULTS.cases.size;
  const page = q.page ?? LIST_DEFAULTS.cases.page;
  const all = q.all ?? (allByDefault && q.page === undefined && q.size === undefined);
  return { limit: all ? null : size, offset: (page - 1) * size };
}

export async function listCases(ctx: ServiceContext, q: CaseListQuery, options: { allByDefault: boolean }) {
  return repo.listCases(
    ctx.db,
    {
      status: q.status === 'all' ? undefined : q.status,
      text: q.q || q.keyword || undefined,
      employeeId: q.employee_id,
      aoId: q.ao_id,
      round: q.round,
      domain: q.domain,
      currency: q.currency,
      deleted: q.is_deleted ?? false,
    },
    parseSort(q.sort),
    paging(q, options.allByDefault),
  );
}

export async function caseStageStats(ctx: ServiceContext, q: CaseListQuery) {
  const rows = await repo.statsByStatus(ctx.db, {
    text: q.q || q.keyword || undefined,
    employeeId: q.employee_id,
    aoId: q.ao_id,
    round: q.round,
    domain: q.domain,
    currency: q.currency,
    deleted: q.is_deleted ?? false,
  });
  const stats = Object.fromEntries(
    CASE_STAGES.map((stage) => [stage, { count: 0, fund_raising: {} as Record<string, number> }]),
  ) as CaseStageStats;
  for (const r of rows) {
    const entry = stats[r.status];
    if (!entry) continue;
    entry.count += r.count;
    entry.fund_raising[r.currency] = (entry.fund_raising[r.currency] ?? 0) + r.sum;
  }
  return stats;
}

export async function searchCases(ctx: ServiceContext, q: CaseSearchQuery) {
  return repo.listCases(
    ctx.db,
    { status: q.status === 'all' ? undefined : q.status, text: q.q || undefined, deleted: false },
    { field: 'updated_at', dir: 'desc' },
    paging(q, false),
  );
}

/**
 * Case names for a picker; `editable`: only the cases the caller may change (`canEditCase`), so a
 * picker of a write (a new calendar event) never offers a case the write would refuse.
 */
export async function listCaseNames(
  ctx: ServiceContext,
  text?: string,
  options: { editable?: boolean } = {},
) {
  if (!options.editable) return repo.listLight(ctx.db, text);
  const actor = staffActor(ctx);
  if (actor.role === 'admin') return repo.listLight(ctx.db, text);
  if (!staffCan(actor.role, 'cases.write')) return [];
  return repo.listLight(ctx.db, text, { editorId: actor.id });
}

export async function getCase(ctx: ServiceContext, id: number, options: { includeDeleted?: boolean } = {}) {
  const found = await repo.findCaseWithNames(ctx.db, id, options);
  if (!found) throw new AppError('CASE_NOT_FOUND');
  return found;
}

async function withNames(db: DbOrTx, row: CaseRow) {
  const ids = [...(row.ao_id ? [row.ao_id] : []), ...row.agent_ids];
  return { row, names: await repo.employeeNames(db, ids) };
}

/** Staff named on a case must exist and be active; the failing fields are listed. */
async function checkStaffReferences(db: DbOrTx, input: { ao_id?: number | null; agent_ids?: number[] }) {
  const ids = [...(input.ao_id ? [input.ao_id] : []), ...(input.agent_ids ?? [])];
  const active = await repo.activeEmployeeRoles(db, ids);
  // The same rule the pickers ask the directory for (canBeAssigned): only who works on cases.
  const eligible = (id: number) => canBeAssigned(active.get(id), 'case');
  const details: ValidationIssue[] = [];
  if (input.ao_id && !eligible(input.ao_id))
    details.push(
      validationIssue(
        'body.ao_id',
        'unknown_reference',
        'No active employee with this id who works on cases',
      ),
    );
  for (const id of input.agent_ids ?? []) {
    if (!eligible(id))
      details.push(
        validationIssue(
          'body.agent_ids',
          'unknown_reference',
          `No active employee with id ${id} who works on cases`,
        ),
      );
  }
  if (details.length) throw new AppError('VALIDATION_FAILED', { details });
}

export function toColumns(input: Omit<CaseUpdateBody, 'status' | 'reason'>): Partial<CaseInsert> {
  const { deIdentification, website, ...rest } = input;
  return {
    ...rest,
    ...(deIdentification === undefined ? {} : { de_identification: deIdentification }),
    ...(website === undefined ? {} : { website: website || null }),
  } as Partial<CaseInsert>;
}

/** A rating is set only by the roles that give it (CASE_RATING_ROLES): an ao never sets the IR score. */
function checkRatings(actor: { role: StaffRole }, fields: Partial<Record<CaseRatingField, unknown>>) {
  for (const field of ['rating_ao_score', 'rating_ir_score'] as const) {
    if (fields[field] !== undefined && !canSetRating(actor.role, field))
      throw new AppError('FORBIDDEN', { message: `Your role cannot set ${field}` });
  }
}

/**
 * The stored files a term-sheet change points at (issue 12). Each new file id must be a file the
 * caller may read (files service `getFile`) that staff uploaded: a term sheet is shown to the case's
 * investors, so an investor's or a startup's own file is never published through one. The
 * presentation file is a document. A reference the term sheet already holds is kept as it is (its
 * file may have been removed since; the download then says so). Each path is written here, never
 * taken from the caller. Failing references are 400 with their fields.
 *
 * Reading: active staff already read every stored file (mayReadStoredFile); investors will read
 * these files through the case whose term sheet names them (#13).
 */
async function checkTermSheetFiles(
  ctx: ServiceContext,
  stored: Record<string, unknown>,
  change: TermSheet,
): Promise<TermSheet> {
  const refs = termSheetFileRefs(change);
  if (refs.length === 0) return change;
  const known = new Set(termSheetFileRefs(stored).map((r) => r.ref.file_id));
  const details: ValidationIssue[] = [];
  const names = new Map<number, string>();
  for (const { field, ref } of refs) {
    if (known.has(ref.file_id) || names.has(ref.file_id)) continue;
    const row = await getFile(ctx, ref.file_id).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'FILE_NOT_FOUND') return null;
      throw err;
    });
    const fits = row && row.owner_kind === 'employee' && (field !== 'presentationFile' || row.kind === 'doc');
    if (!row || !fits) {
      details.push(
        validationIssue(
          `body.term_sheet.${field}`,
          'unknown_reference',
          field === 'presentationFile'
            ? 'No document with this id uploaded by staff that you may read'
            : 'No file with this id uploaded by staff that you may read',
        ),
      );
      continue;
    }
    names.set(ref.file_id, row.name);
  }
  if (details.length) throw new AppError('VALIDATION_FAILED', { details });
  const canonical = (ref: TermSheetFileRef) => ({
    file_id: ref.file_id,
    name: ref.name || names.get(ref.file_id) || '',
    path: fileContentPath(ref.file_id),
  });
  return {
    ...change,
    ...(isTermSheetFileRef(change.presentationFile)
      ? { presentationFile: canonical(change.presentationFile) }
      : {}),
    ...(change.medias
      ? { medias: change.medias.map((m) => (isTermSheetFileRef(m) ? canonical(m) : m)) }
      : {}),
  };
}

/** An ao who creates a case runs it: they are its AO unless they name another, then its agent. */
export async function createCase(ctx: ServiceContext, input: CaseCreateBody) {
  const actor = staffActor(ctx);
  let aoId = input.ao_id ?? null;
  let agentIds = [...new Set(input.agent_ids ?? [])];
  if (actor.role === 'ao') {
    if (aoId === null) aoId = actor.id;
    else if (aoId !== actor.id && !agentIds.includes(actor.id)) agentIds = [...agentIds, actor.id];
  }
  checkRatings(actor, input);
  return ctx.db.transaction(async (tx) => {
    await checkStaffReferences(tx, { ao_id: aoId, agent_ids: agentIds });
    const { status, ...fields } = input;
    const termSheet = fields.term_sheet
      ? await checkTermSheetFiles({ ...ctx, db: tx }, {}, fields.term_sheet)
      : undefined;
    const row = await repo.insertCase(tx, {
      ...toColumns({ ...fields, ...(termSheet ? { term_sheet: termSheet } : {}) }),
      name: fields.name,
      status,
      ao_id: aoId,
      agent_ids: agentIds,
      rating_ao_id: fields.rating_ao_score ? actor.id : null,
    });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: row.id,
      action: 'create',
      changes: { name: { from: null, to: row.name }, status: { from: null, to: row.status } },
    });
    return withNames(tx, row);
  });
}

/**
 * Edits a case and, when `status` changes, moves it through the pipeline under the stage rules
 * of packages/domain. Field edits and the move are recorded separately in the history.
 */
export async function updateCase(ctx: ServiceContext, id: number, input: CaseUpdateBody) {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findCaseForUpdate(tx, id);
    if (!before || before.is_deleted) throw new AppError('CASE_NOT_FOUND');
    if (!canEditCase(actor, { aoId: before.ao_id, agentIds: before.agent_ids }))
      throw new AppError('FORBIDDEN');
    const { status, reason, ...fields } = input;
    if (fields.ao_id !== undefined && fields.ao_id !== before.ao_id && actor.role !== 'admin') {
      throw new AppError('FORBIDDEN', { message: 'Only an admin can reassign the AO of a case' });
    }
    checkRatings(actor, fields);
    await checkStaffReferences(tx, { ao_id: fields.ao_id, agent_ids: fields.agent_ids });

    const values = toColumns(fields);
    if (fields.term_sheet) {
      const sheet = await checkTermSheetFiles({ ...ctx, db: tx }, before.term_sheet, fields.term_sheet);
      values.term_sheet = { ...before.term_sheet, ...sheet };
    }
    if (fields.business_plan) values.business_plan = { ...before.business_plan, ...fields.business_plan };
    if (fields.company) values.company = { ...before.company, ...fields.company };
    if (fields.rating_ao_score !== undefined)
      values.rating_ao_id = fields.rating_ao_score === null ? null : actor.id;
    if (fields.rating_ir_score !== undefined)
      values.rating_ir_id = fields.rating_ir_score === null ? null : actor.id;
    const changes = diff(before as unknown as Record<string, unknown>, values as Record<string, unknown>);

    let moved: { from: CaseStage; to: CaseStage } | null = null;
    if (status && status !== before.status) {
      const after = { ...before, ...values } as CaseRow;
      const decision = evaluateStageMove({
        to: status,
        reason: reason ?? null,
        actor,
        facts: {
          status: before.status as CaseStage,
          droppedFrom: (before.dropped_from as CaseStage | null) ?? null,
          name: after.name,
          overview: after.overview,
          fundRaising: after.fund_raising,
          aoId: after.ao_id,
          agentIds: after.agent_ids,
          funding: after.funding,
          termSheet: after.term_sheet,
        },
      });
      if (!decision.ok) {
        throw new AppError(decision.code, {
          details: { from: before.status, to: status, missing: decision.missing },
        });
      }
      values.status = status;
      values.dropped_from = status === 'drop' ? before.status : null;
      moved = { from: before.status as CaseStage, to: status };
    }

    if (Object.keys(changes).length === 0 && !moved) return withNames(tx, before);
    const row = await repo.updateCase(tx, id, values);
    if (!row) throw new AppError('CASE_NOT_FOUND');
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, ctx.actor, { entity_type: 'case', entity_id: id, action: 'update', changes });
    }
    if (moved) {
      await recordActivity(tx, ctx.actor, {
        entity_type: 'case',
        entity_id: id,
        action: 'stage',
        changes: { status: { from: moved.from, to: moved.to } },
        reason: reason?.trim() || null,
      });
    }
    return withNames(tx, row);
  });
}

/** Soft delete (SPEC: `is_deleted`); the case keeps its history and can be restored. */
export async function setCaseDeleted(ctx: ServiceContext, id: number, deleted: boolean) {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findCaseForUpdate(tx, id);
    if (!before) throw new AppError('CASE_NOT_FOUND');
    if (!canEditCase(actor, { aoId: before.ao_id, agentIds: before.agent_ids }))
      throw new AppError('FORBIDDEN');
    if (before.is_deleted === deleted) return withNames(tx, before);
    const row = await repo.updateCase(tx, id, { is_deleted: deleted });
    if (!row) throw new AppError('CASE_NOT_FOUND');
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: id,
      action: deleted ? 'delete' : 'restore',
      changes: { is_deleted: { from: !deleted, to: deleted } },
    });
    return withNames(tx, row);
  });
}

export async function caseHistory(ctx: ServiceContext, id: number, q: CaseLogQuery) {
  const size = q.size ?? LOG_PAGE_SIZE;
  const page = q.page ?? 1;
  const { rows, count } = await readOfCase(
    ctx,
    id,
    () => repo.caseLog(ctx.db, id, { limit: size, offset: (page - 1) * size }, q.action),
    { includeDeleted: true },
  );
  // History names the clients it mentions by id, as they were: deleted ones too.
  const ids = [...new Set(rows.flatMap((r) => clientIdsInChanges(r.changes)))];
  const named = await clientNamesByIds(ctx.db, ids, { includeDeleted: true });
  return { rows, count, clientNames: new Map(named.map((c) => [c.id, c.name])) };
}

/** The read-only summary of a live case (ir and sa present it to investors), with its raters named. */
export async function caseBrief(ctx: ServiceContext, id: number) {
  const [row, holders] = await Promise.all([repo.findCase(ctx.db, id), repo.roleHoldersOfCase(ctx.db, id)]);
  if (!row) throw new AppError('CASE_NOT_FOUND');
  const raters = [row.rating_ao_id, row.rating_ir_id].filter((v): v is number => v !== null);
  return { row, holders, names: await repo.employeeNames(ctx.db, raters) };
}

/**
 * ir give each case its IR rating from the case summary (they cannot edit the case itself); the
 * rater is recorded with the score, and the change goes into the case history.
 */
export async function setIrRating(ctx: ServiceContext, id: number, score: number | null) {
  const actor = staffActor(ctx);
  if (!canSetRating(actor.role, 'rating_ir_score'))
    throw new AppError('FORBIDDEN', { message: 'Your role cannot set rating_ir_score' });
  await ctx.db.transaction(async (tx) => {
    const before = await repo.findCaseForUpdate(tx, id);
    if (!before || before.is_deleted) throw new AppError('CASE_NOT_FOUND');
    const values = { rating_ir_score: score, rating_ir_id: score === null ? null : actor.id };
    const changes = diff(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length === 0) return;
    await repo.updateCase(tx, id, values);
    await recordActivity(tx, ctx.actor, { entity_type: 'case', entity_id: id, action: 'rating', changes });
  });
  return caseBrief(ctx, id);
}
