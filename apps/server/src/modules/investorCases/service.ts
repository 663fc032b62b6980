import {
  INVESTOR_CASE_LIST_DEFAULTS,
  type InvestorCaseAccess,
  type InvestorCaseListQuery,
  investorCaseAccess,
  type MembershipTier,
  MEMBERSHIP_TIERS,
  type MyInterestBody,
  type CaseStage,
  INVESTOR_QUESTION_TYPE,
  type MyQuestionBody,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordActivity } from '../activity/repository.ts';
import type { ClientRow } from '../auth/principal.ts';
import * as commentsRepo from '../comments/repository.ts';
import * as repo from './repository.ts';
import { assertNotRecused } from '../legalDocs/recusal.ts';

/**
 * The investor's side of cases (issue 13): which cases they may see and how (the rule is
 * `investorCaseAccess` in packages/domain), their interest in one. Everything here answers only
 * for the signed-in investor; a case they may not see is "not found", whatever the reason.
 */

export function investorOf(ctx: ServiceContext): { id: number; row: ClientRow } {
  const actor = ctx.actor;
  if (actor?.kind !== 'client') throw new AppError('FORBIDDEN');
  return actor;
}

const tierOf = (membership: string): MembershipTier =>
  (MEMBERSHIP_TIERS as readonly string[]).includes(membership) ? (membership as MembershipTier) : 'general';

/** The investor as the rule needs them; an expired membership is refused outright (SPEC section 1). */
export function activeInvestor(ctx: ServiceContext, now = new Date()) {
  const actor = investorOf(ctx);
  if (actor.row.expiry_at && actor.row.expiry_at.getTime() < now.getTime())
    throw new AppError('MEMBERSHIP_EXPIRED');
  // A self-registered investor sees no case until staff approve the application (issue 14).
  if (actor.row.application_status === 'pending') throw new AppError('APPLICATION_PENDING');
  return { actor, self: { id: actor.id, tier: tierOf(actor.row.membership) } };
}

export function accessOf(self: repo.InvestorSelf, found: repo.InvestorCaseRow): InvestorCaseAccess {
  return investorCaseAccess({
    tier: self.tier,
    expired: false,
    stage: found.row.status as CaseStage,
    shownOnFundPlatform: found.row.term_sheet?.is_show_fund_platform === true,
    deIdentified: found.row.de_identification,
    hasRole: found.has_role,
    invited: found.invited,
    ndaSigned: found.nda_signed,
  });
}

export async function listMyCases(ctx: ServiceContext, query: InvestorCaseListQuery) {
  const { self } = activeInvestor(ctx);
  const size = query.size ?? INVESTOR_CASE_LIST_DEFAULTS.size;
  const page = query.page ?? INVESTOR_CASE_LIST_DEFAULTS.page;
  const { rows, count } = await repo.listInvestorCases(ctx.db, self, query, {
    limit: size,
    offset: (page - 1) * size,
  });
  // The SQL narrowed; the domain rule decides. A row it refuses would mean the two disagree:
  // left out, never shown.
  const result = rows
    .map((found) => ({ found, access: accessOf(self, found) }))
    .filter(({ access }) => access.visible);
  return { result, count };
}

/** The investor's visible cases counted by domain keys, stage and currency (the industry pages). */
export async function myCaseFacets(ctx: ServiceContext) {
  const { self } = activeInvestor(ctx);
  return repo.investorCaseFacets(ctx.db, self);
}

/** A case the investor may see, with how they see it; otherwise 404 (nothing said about why). */
export async function myCase(ctx: ServiceContext, caseId: number) {
  const { actor, self } = activeInvestor(ctx);
  const found = await repo.findInvestorCase(ctx.db, self, caseId);
  const access = found ? accessOf(self, found) : null;
  if (!found || !access?.visible) throw new AppError('CASE_NOT_FOUND');
  return { actor, self, found, access };
}

export async function getMyCase(ctx: ServiceContext, caseId: number) {
  const { self } = activeInvestor(ctx);
  const found = await repo.findInvestorCaseDetail(ctx.db, self, caseId);
  const access = found ? accessOf(self, found) : null;
  if (!found || !access?.visible) throw new AppError('CASE_NOT_FOUND');
  const { roles, ao, recusal } = found;
  return { found, access, roles, ao, recusal };
}

/** "I'm interested": only for tiers that co-invest, while the case raises money. */
export async function registerInterest(ctx: ServiceContext, caseId: number, body: MyInterestBody) {
  const { actor, access, found } = await myCase(ctx, caseId);
  if (!access.mayRegisterInterest) throw new AppError('INTEREST_NOT_OFFERED');
  return ctx.db.transaction(async (tx) => {
    await assertNotRecused(tx, caseId, actor.id);
    const before = await repo.findInterestRow(tx, actor.id, caseId);
    const row = await repo.upsertRegisteredInterest(tx, {
      client_id: actor.id,
      case_id: caseId,
      amount: body.amount ?? null,
      note: body.note?.trim() || null,
    });
    const money = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    const changes = {
      interest: {
        from: before?.registered_at ? money(before.amount) : null,
        to: money(row.amount) ?? 0,
      },
    };
    // The case's history and the client's both show it, under the investor's name.
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: found.row.id,
      action: 'interest.register',
      changes,
    });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'client',
      entity_id: actor.id,
      action: 'interest.register',
      changes,
    });
    return row;
  });
}

export async function withdrawInterest(ctx: ServiceContext, caseId: number) {
  const { actor, found } = await myCase(ctx, caseId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.withdrawInterest(tx, actor.id, caseId))) throw new AppError('INTEREST_NOT_FOUND');
    for (const [entity_type, entity_id] of [
      ['case', found.row.id],
      ['client', actor.id],
    ] as const)
      await recordActivity(tx, ctx.actor, {
        entity_type,
        entity_id,
        action: 'interest.withdraw',
        changes: { interest: { from: 'registered', to: null } },
      });
  });
}

/** The firm's published comments on the case and the investor's own questions with their answers. */
export async function listMyCaseComments(ctx: ServiceContext, caseId: number) {
  const { actor, found, access } = await myCase(ctx, caseId);
  const rows = await commentsRepo.listForInvestor(ctx.db, caseId, actor.id, new Date());
  return { rows, found, access };
}

/** An investor's question on a case: staff see it on the case page and answer it there. */
export async function askQuestion(ctx: ServiceContext, caseId: number, body: MyQuestionBody) {
  const { actor, found, access } = await myCase(ctx, caseId);
  const row = await ctx.db.transaction(async (tx) => {
    // A recused investor takes no part in the case's discussion (issue 13).
    await assertNotRecused(tx, caseId, actor.id);
    const inserted = await commentsRepo.insertComment(tx, {
      case_id: caseId,
      type: INVESTOR_QUESTION_TYPE,
      title: body.title?.trim() || null,
      comment: body.comment.trim(),
      client_id: actor.id,
      created_by: null,
    });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: caseId,
      action: 'comment.question',
      changes: { question: { from: null, to: inserted.comment.slice(0, 200) } },
    });
    return inserted;
  });
  return { row, found, access };
}
