import {
  CaseUpdateBody,
  CompanyProfile,
  companyFileRefs,
  type ReviewCommentReplyBody,
  REVIEW_CASE_FIELDS,
  REVIEW_REFUSED_FIELDS,
  type ReviewCommentInput,
  type ReviewCreateBody,
  type ReviewUpdateBody,
  reviewDiff,
  kindOfZodIssue,
  type ValidationIssue,
} from '@dealflow/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, diff } from '../activity/repository.ts';
import type { Principal } from '../auth/principal.ts';
import {
  type StaffActor,
  invalidField,
  readableCase,
  recordCaseActivity,
  writeOnCase,
} from '../caseItems/service.ts';
import { presentCase } from '../cases/presenter.ts';
import {
  type CaseInsert,
  type CaseRow,
  employeeNames,
  findCaseForUpdate,
  updateCase,
} from '../cases/repository.ts';
import { toColumns } from '../cases/service.ts';
import { getFile } from '../files/service.ts';
import * as repo from './repository.ts';
import type { ReviewCommentView, ReviewRow, ReviewView } from './repository.ts';

type Startup = Extract<Principal, { kind: 'startup' }>;
export interface LoadedReview {
  view: ReviewView;
  comments: ReviewCommentView[];
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** JSON with object keys sorted: stored jsonb does not keep the order the client sent. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value ?? null));
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The startup may open its own review only. */
function ownStartup(ctx: ServiceContext, userId: number): Startup {
  const actor = ctx.actor;
  if (actor?.kind !== 'startup') throw new AppError('FORBIDDEN');
  if (actor.id !== userId)
    throw new AppError('FORBIDDEN', { message: 'A startup may only open its own review' });
  return actor;
}

/** A dropped startup still signs in to see its leave dialog (SPEC section 2), but proposes nothing. */
function startupMayWrite(actor: Startup) {
  if (actor.row.status === 'drop') {
    throw new AppError('FORBIDDEN', { message: 'A dropped startup cannot change its review' });
  }
}

async function lockLiveCase(tx: Tx, caseId: number | null): Promise<CaseRow> {
  const kase = caseId === null ? null : await findCaseForUpdate(tx, caseId);
  if (!kase || kase.is_deleted) throw new AppError('CASE_NOT_FOUND');
  return kase;
}

async function load(db: DbOrTx, userId: number): Promise<LoadedReview> {
  const view = await repo.findReview(db, userId);
  if (!view) throw new AppError('REVIEW_NOT_FOUND');
  const comments = (await repo.commentsOf(db, [view.review.id])).get(view.review.id) ?? [];
  return { view, comments };
}

/** History of the proposal, key by key of `update_content`, and of the status. */
function proposalChanges(
  before: { status: number | null; update_content: Record<string, unknown> },
  after: { status: number; update_content: Record<string, unknown> },
): Changes {
  const changes: Changes = {};
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status };
  const keys = new Set([...Object.keys(before.update_content), ...Object.keys(after.update_content)]);
  for (const key of [...keys].sort()) {
    const from = before.update_content[key] ?? null;
    const to = after.update_content[key] ?? null;
    if (!same(from, to)) changes[`update_content.${key}`] = { from, to };
  }
  return changes;
}

/** Comments are staff's: the list a startup sends back must be the stored one, untouched. */
function commentsUnchanged(stored: ReviewCommentView[], sent: ReviewCommentInput[] | undefined): boolean {
  if (sent === undefined) return true;
  if (sent.length !== stored.length) return false;
  const content = new Map(stored.map((s) => [s.comment.id, s.comment.content]));
  return sent.every((c) => c.id !== undefined && content.get(c.id) === c.content);
}

const commentsForHistory = (list: ReviewCommentView[]) =>
  list.map((c) => ({
    id: c.comment.id,
    employee_id: c.comment.employee_id,
    field: c.comment.field,
    content: c.comment.content,
  }));

/**
 * The files a proposed company profile points at must be the startup's own uploads: a startup
 * never publishes, through its profile, a file it cannot read or one someone else uploaded.
 */
async function checkCompanyFiles(ctx: ServiceContext, actor: Startup, content: Record<string, unknown>) {
  const parsed = CompanyProfile.safeParse(content.company ?? {});
  if (!parsed.success) return;
  for (const { field, ref } of companyFileRefs(parsed.data)) {
    const row = await getFile(ctx, ref.file_id).catch(() => null);
    if (row?.owner_kind !== 'startup' || row.owner_id !== actor.id) {
      throw invalidField(
        `body.update_content.company.${field}.file_id`,
        'No file of yours with this id',
        'unknown_reference',
      );
    }
  }
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

/** The review of a startup user: the startup its own, staff any. */
export async function getReview(ctx: ServiceContext, userId: number): Promise<LoadedReview> {
  if (ctx.actor?.kind === 'startup') ownStartup(ctx, userId);
  const loaded = await load(ctx.db, userId);
  await readableCase(ctx, loaded.view.review.case_id);
  return loaded;
}

export async function listCaseReviews(ctx: ServiceContext, caseId: number) {
  await readableCase(ctx, caseId);
  const rows = await repo.listCaseReviews(ctx.db, caseId);
  const comments = await repo.commentsOf(
    ctx.db,
    rows.map((r) => r.review.id),
  );
  return rows.map((view) => ({ view, comments: comments.get(view.review.id) ?? [] }));
}

/** What the proposal would change on the case, field by field. */
export async function diffReview(ctx: ServiceContext, userId: number) {
  const { view } = await load(ctx.db, userId);
  const kase = await readableCase(ctx, view.review.case_id);
  return reviewDiff(presentCase(kase, new Map()), view.review.update_content);
}

// ── The startup's writes ────────────────────────────────────────────────────────────────────

/**
 * POST: the first save creates the review; on an existing review (an init, or a save made before
 * the page knew one existed) it replaces content and status. Staff comments stay either way.
 */
export async function createReview(ctx: ServiceContext, userId: number, input: ReviewCreateBody) {
  const actor = ownStartup(ctx, userId);
  startupMayWrite(actor);
  await checkCompanyFiles(ctx, actor, input.update_content);
  return ctx.db.transaction(async (tx) => {
    const kase = await lockLiveCase(tx, actor.caseId);
    const existing = await repo.findReview(tx, userId);
    if (!existing) {
      if (input.comment?.length) throw commentsRefused();
      const row = await repo.insertReview(tx, {
        startup_user_id: userId,
        case_id: kase.id,
        status: input.status,
        update_content: input.update_content,
      });
      await recordCaseActivity(tx, ctx, kase.id, 'review.create', {
        id: { from: null, to: row.id },
        ...proposalChanges({ status: null, update_content: {} }, row),
      });
      return load(tx, userId);
    }
    return saveProposal(tx, ctx, existing.review, input);
  });
}

/** PUT by the startup: a draft save keeps the status it sends; submitting sends 1. */
export async function updateReviewAsStartup(ctx: ServiceContext, userId: number, input: ReviewUpdateBody) {
  const actor = ownStartup(ctx, userId);
  startupMayWrite(actor);
  if (input.update_content) await checkCompanyFiles(ctx, actor, input.update_content);
  return ctx.db.transaction(async (tx) => {
    const first = await repo.findReview(tx, userId);
    if (!first) throw new AppError('REVIEW_NOT_FOUND');
    await lockLiveCase(tx, first.review.case_id);
    const existing = await repo.findReview(tx, userId);
    if (!existing) throw new AppError('REVIEW_NOT_FOUND');
    return saveProposal(tx, ctx, existing.review, input);
  });
}

const commentsRefused = () =>
  new AppError('FORBIDDEN', { message: 'Comments on a review are written by staff, not by the startup' });

async function saveProposal(tx: Tx, ctx: ServiceContext, review: ReviewRow, input: ReviewUpdateBody) {
  const stored = (await repo.commentsOf(tx, [review.id])).get(review.id) ?? [];
  if (!commentsUnchanged(stored, input.comment)) throw commentsRefused();
  const after = {
    status: input.status ?? review.status,
    update_content: input.update_content ?? review.update_content,
  };
  const changes = proposalChanges(review, after);
  if (Object.keys(changes).length > 0) {
    // A changed proposal has not been applied, whatever was applied before.
    await repo.updateReview(tx, review.id, { ...after, applied_at: null, applied_by: null });
    await recordCaseActivity(tx, ctx, review.case_id, 'review.update', {
      id: { from: review.id, to: review.id },
      ...changes,
    });
  }
  return load(tx, review.startup_user_id);
}

/**
 * The startup answers one staff comment on its own review (issue 14); it answers again by
 * replacing the reply. The comment's text stays staff's.
 */
export async function replyToComment(
  ctx: ServiceContext,
  userId: number,
  commentId: number,
  input: ReviewCommentReplyBody,
) {
  const actor = ownStartup(ctx, userId);
  startupMayWrite(actor);
  return ctx.db.transaction(async (tx) => {
    const first = await repo.findReview(tx, userId);
    if (!first) throw new AppError('REVIEW_NOT_FOUND');
    await lockLiveCase(tx, first.review.case_id);
    const stored = (await repo.commentsOf(tx, [first.review.id])).get(first.review.id) ?? [];
    const comment = stored.find((c) => c.comment.id === commentId)?.comment;
    if (!comment) throw new AppError('REVIEW_COMMENT_NOT_FOUND');
    if (comment.reply !== input.reply) {
      await repo.updateCommentReply(tx, comment.id, input.reply);
      await recordCaseActivity(tx, ctx, first.review.case_id, 'review.reply', {
        [`comment.${comment.id}.reply`]: { from: comment.reply, to: input.reply },
      });
    }
    return load(tx, userId);
  });
}

// ── Staff writes ────────────────────────────────────────────────────────────────────────────

/** Staff writes run on the review's case: its editors only, under the case lock. */
async function onReviewCase<T>(
  ctx: ServiceContext,
  userId: number,
  work: (tx: Tx, review: ReviewView, kase: CaseRow, actor: StaffActor) => Promise<T>,
): Promise<T> {
  const first = await repo.findReview(ctx.db, userId);
  if (!first) throw new AppError('REVIEW_NOT_FOUND');
  return writeOnCase(ctx, first.review.case_id, async (tx, kase, actor) => {
    const current = await repo.findReview(tx, userId);
    if (!current || current.review.case_id !== kase.id) throw new AppError('REVIEW_NOT_FOUND');
    return work(tx, current, kase, actor);
  });
}

/**
 * PUT by staff: the comment list replaces the stored one (SPEC section 4: deleting a comment sends
 * the same content and status with an empty list). Content and status are the startup's: sent
 * values must be the stored ones, so a screen that missed the startup's last save is refused (409).
 */
export async function updateReviewAsStaff(ctx: ServiceContext, userId: number, input: ReviewUpdateBody) {
  return onReviewCase(ctx, userId, async (tx, { review }, _kase, actor) => {
    if (input.update_content !== undefined && !same(input.update_content, review.update_content)) {
      throw new AppError('REVIEW_CHANGED', { details: [{ field: 'body.update_content' }] });
    }
    if (input.status !== undefined && input.status !== review.status) {
      throw new AppError('REVIEW_CHANGED', { details: [{ field: 'body.status' }] });
    }
    if (input.comment !== undefined) await syncComments(tx, ctx, review, input.comment, actor);
    return load(tx, userId);
  });
}

async function syncComments(
  tx: Tx,
  ctx: ServiceContext,
  review: ReviewRow,
  sent: ReviewCommentInput[],
  actor: StaffActor,
) {
  const stored = (await repo.commentsOf(tx, [review.id])).get(review.id) ?? [];
  const byId = new Map(stored.map((s) => [s.comment.id, s.comment]));
  const kept = new Set<number>();
  sent.forEach((c, i) => {
    if (c.id === undefined) return;
    if (!byId.has(c.id) || kept.has(c.id)) {
      throw invalidField(
        `body.comment.${i}.id`,
        'No comment with this id on this review',
        'unknown_reference',
      );
    }
    kept.add(c.id);
  });
  const edited = sent.flatMap((c) =>
    c.id !== undefined && byId.get(c.id)!.content !== c.content ? [{ id: c.id, content: c.content }] : [],
  );
  for (const e of edited) {
    if (byId.get(e.id)!.employee_id !== actor.id) {
      throw new AppError('FORBIDDEN', { message: 'Only its author can edit a comment' });
    }
  }
  const removed = stored.filter((s) => !kept.has(s.comment.id)).map((s) => s.comment.id);
  const added = sent.filter((c) => c.id === undefined);
  if (edited.length === 0 && removed.length === 0 && added.length === 0) return;

  await repo.deleteComments(tx, removed);
  for (const e of edited) await repo.updateCommentContent(tx, e.id, e.content);
  await repo.insertComments(
    tx,
    added.map((c) => ({
      review_id: review.id,
      employee_id: actor.id,
      content: c.content,
      field: c.field ?? null,
    })),
  );
  const after = (await repo.commentsOf(tx, [review.id])).get(review.id) ?? [];
  await recordCaseActivity(tx, ctx, review.case_id, 'review.comment', {
    id: { from: review.id, to: review.id },
    comment: { from: commentsForHistory(stored), to: commentsForHistory(after) },
  });
}

export async function deleteReview(ctx: ServiceContext, userId: number) {
  return onReviewCase(ctx, userId, async (tx, { review }) => {
    await repo.deleteReview(tx, review.id);
    await recordCaseActivity(tx, ctx, review.case_id, 'review.delete', {
      id: { from: review.id, to: null },
      status: { from: review.status, to: null },
    });
  });
}

/**
 * The case fields of a proposal, checked as `PUT v1/cases/{id}` checks them. A field a review may
 * not set (the stage above all) makes the whole review inapplicable, with every reason listed.
 */
function applicableFields(content: Record<string, unknown>): CaseUpdateBody {
  const details: ValidationIssue[] = [];
  for (const key of Object.keys(content)) {
    if (key in REVIEW_REFUSED_FIELDS) {
      details.push({
        field: `update_content.${key}`,
        message: REVIEW_REFUSED_FIELDS[key as keyof typeof REVIEW_REFUSED_FIELDS],
        kind: 'not_allowed',
      });
    }
  }
  const picked = Object.fromEntries(
    Object.entries(content).filter(([k]) => (REVIEW_CASE_FIELDS as readonly string[]).includes(k)),
  );
  const parsed = CaseUpdateBody.safeParse(picked);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      details.push({
        field: ['update_content', ...issue.path.map(String)].join('.'),
        message: issue.message,
        ...kindOfZodIssue(issue.code, issue as unknown as Record<string, unknown>, issue.message),
      });
    }
  }
  if (details.length > 0 || !parsed.success) throw new AppError('REVIEW_NOT_APPLICABLE', { details });
  return parsed.data;
}

/**
 * Copies the case fields of a submitted proposal onto the case, in one transaction with the case
 * locked; nested fields merge key by key as a case edit does. One history entry lists every field
 * changed; the review is marked applied.
 */
export async function applyReview(ctx: ServiceContext, userId: number) {
  return onReviewCase(ctx, userId, async (tx, { review }, kase, actor) => {
    if (review.status !== 1) throw new AppError('REVIEW_NOT_SUBMITTED');
    if (review.applied_at) throw new AppError('REVIEW_ALREADY_APPLIED');
    const input = applicableFields(review.update_content);
    const values: Partial<CaseInsert> = toColumns(input);
    if (input.business_plan) values.business_plan = { ...kase.business_plan, ...input.business_plan };
    if (input.company) values.company = { ...kase.company, ...input.company };
    if (input.term_sheet) values.term_sheet = { ...kase.term_sheet, ...input.term_sheet };
    const changes = diff(kase as unknown as Record<string, unknown>, values as Record<string, unknown>);
    let row = kase;
    if (Object.keys(changes).length > 0) {
      const updated = await updateCase(tx, kase.id, values);
      if (!updated) throw new AppError('CASE_NOT_FOUND');
      row = updated;
    }
    await repo.updateReview(tx, review.id, { applied_at: new Date(), applied_by: actor.id });
    await recordCaseActivity(tx, ctx, kase.id, 'review.apply', {
      id: { from: review.id, to: review.id },
      ...changes,
    });
    const ids = [...(row.ao_id ? [row.ao_id] : []), ...row.agent_ids];
    return { review: await load(tx, userId), kase: row, names: await employeeNames(tx, ids) };
  });
}
