import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  ne,
  notInArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  type CaseStage,
  INVESTOR_OPEN_STAGES,
  type InvestorCaseListQuery,
  TIER_CASE_ACCESS,
  type MembershipTier,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { preparedShapes } from '../../db/prepared.ts';
import { recusalJsonOf } from '../legalDocs/recusal.ts';
import {
  caseRoles,
  caseStageCounts,
  cases,
  clientInterests,
  employees,
  legalDocuments,
} from '../../db/schema/index.ts';

/**
 * The cases an investor may see (issue 13), in SQL: the same rule as `investorCaseAccess` in
 * packages/domain, which the service applies again to every row it returns, so list and detail
 * always agree. The SQL only narrows the rows to read; the domain function has the last word.
 */

export interface InvestorSelf {
  id: number;
  tier: MembershipTier;
}

/** The investor inside a query: their id, or a placeholder a prepared statement fills in. */
interface SelfRef {
  id: number | Placeholder;
  tier: MembershipTier;
}

// Written out in full: in a select list Drizzle prints a column unqualified, and inside these
// subqueries a bare "id" would be the subquery's own table's id.
const caseId = sql.raw('"cases"."id"');
const roleOf = (clientId: SelfRef['id']) =>
  sql<boolean>`exists (select 1 from ${caseRoles} r where r.case_id = ${caseId} and r.client_id = ${clientId})`;
const invitationOf = (clientId: SelfRef['id']) =>
  sql<boolean>`exists (select 1 from ${clientInterests} i where i.case_id = ${caseId} and i.client_id = ${clientId} and i.created_by is not null)`;
const ndaOf = (clientId: SelfRef['id']) =>
  sql<boolean>`exists (select 1 from ${legalDocuments} d where d.client_id = ${clientId} and d.case_id = ${caseId} and d.kind = 'nda' and d.status = 'signed')`;
const shownOnPlatform = sql<boolean>`coalesce((${cases.term_sheet}->>'is_show_fund_platform') = 'true', false)`;

const reachOf = (self: SelfRef) => TIER_CASE_ACCESS[self.tier]?.reach ?? 'invited';

/** The cases the investor's tier reaches without a role or an invitation; undefined for none. */
function byTierOf(self: SelfRef): SQL | undefined {
  const reach = reachOf(self);
  const open = inArray(cases.status, [...INVESTOR_OPEN_STAGES]);
  return reach === 'all' ? open : reach === 'fund_platform' ? and(open, shownOnPlatform) : undefined;
}

/** Which cases the investor reaches at all (the visibility rule, before masking). */
function reachable(self: SelfRef): SQL {
  const byTier = byTierOf(self);
  const parts = [
    and(ne(cases.status, 'draft'), roleOf(self.id)),
    and(notInArray(cases.status, ['draft', 'drop']), invitationOf(self.id)),
    byTier,
  ].filter((p): p is SQL => p !== undefined);
  return and(eq(cases.is_deleted, false), or(...parts)) as SQL;
}

/** Whether the text search may read the company's own name: not while the case is masked to them. */
function unmaskedFor(self: InvestorSelf): SQL {
  return sql`(not ${cases.de_identification} or ${roleOf(self.id)} or ${ndaOf(self.id)})`;
}

const likeEscape = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `D-0A3` → the id it names, when the search is a code name. */
function codeNameId(q: string): number | null {
  const m = /^D-([0-9A-Z]{1,7})$/i.exec(q.trim());
  if (!m?.[1]) return null;
  const id = Number.parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

function filters(self: InvestorSelf, query: Omit<InvestorCaseListQuery, 'page' | 'size' | 'sort'>): SQL {
  const parts: SQL[] = [reachable(self)];
  if (query.status) parts.push(eq(cases.status, query.status));
  if (query.domain) parts.push(sql`${cases.domain_keys} ? ${query.domain}`);
  if (query.q) {
    const like = likeEscape(query.q);
    const byText = and(
      unmaskedFor(self),
      or(sql`${cases.name} ilike ${like}`, sql`coalesce(${cases.overview}, '') ilike ${like}`),
    ) as SQL;
    const byRound = sql`coalesce(${cases.round}, '') ilike ${like}`;
    const id = codeNameId(query.q);
    parts.push(or(byText, byRound, ...(id ? [eq(cases.id, id)] : [])) as SQL);
  }
  return and(...parts) as SQL;
}

const SORTS = {
  created_at: cases.created_at,
  updated_at: cases.updated_at,
  fund_raising: cases.fund_raising,
} as const;

/**
 * The columns an investor's reply is made of (the presenter and the access rule): not the whole
 * row — the startup's company profile, the application form and the fund data are large and never
 * shown here, and reading them made the detail page parse several times what it returns.
 */
const INVESTOR_CASE_COLUMNS = {
  id: cases.id,
  name: cases.name,
  status: cases.status,
  round: cases.round,
  currency: cases.currency,
  fund_raising: cases.fund_raising,
  overview: cases.overview,
  domain_keys: cases.domain_keys,
  created_at: cases.created_at,
  website: cases.website,
  pre_money: cases.pre_money,
  funding: cases.funding,
  co_investor: cases.co_investor,
  business_plan: cases.business_plan,
  term_sheet: cases.term_sheet,
  de_identification: cases.de_identification,
};
type InvestorCaseColumns = Pick<typeof cases.$inferSelect, keyof typeof INVESTOR_CASE_COLUMNS>;

function selection(self: SelfRef) {
  return {
    row: INVESTOR_CASE_COLUMNS,
    has_role: roleOf(self.id),
    invited: invitationOf(self.id),
    nda_signed: ndaOf(self.id),
    interest: sql<{
      id: number;
      amount: string | number | null;
      note: string | null;
      registered_at: string;
    } | null>`(select json_build_object('id', i.id, 'amount', i.amount, 'note', i.note, 'registered_at', i.registered_at)
      from ${clientInterests} i where i.case_id = ${caseId} and i.client_id = ${self.id} and i.registered_at is not null)`,
  };
}

export type InvestorCaseRow = {
  row: InvestorCaseColumns;
  has_role: boolean;
  invited: boolean;
  nda_signed: boolean;
  interest: { id: number; amount: string | number | null; note: string | null; registered_at: string } | null;
};

export async function listInvestorCases(
  db: DbOrTx,
  self: InvestorSelf,
  query: InvestorCaseListQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: InvestorCaseRow[]; count: number }> {
  const where = filters(self, query);
  const [field, dir] = (query.sort ?? 'created_at:desc').split(':') as [keyof typeof SORTS, 'asc' | 'desc'];
  const order = dir === 'asc' ? asc : desc;
  const sortColumn = SORTS[field] ?? cases.created_at;
  const [rows, total] = await Promise.all([
    db
      .select(selection(self))
      .from(cases)
      .where(where)
      .orderBy(
        field === 'fund_raising' ? sql`${sortColumn} ${sql.raw(dir)} nulls last` : order(sortColumn),
        order(cases.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    query.domain || query.q
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(cases)
          .where(where)
          .then((r) => Number(r[0]?.n ?? 0))
      : countReachable(db, self, query.status),
  ]);
  return { rows: rows as InvestorCaseRow[], count: total };
}

/**
 * How many cases the investor reaches (in one stage, or all), without counting the table: the
 * tier's share from `case_stage_counts` (kept exact by triggers on cases), plus the cases only a
 * role or an invitation opens, found from the investor's own roles and invitations. Counting
 * 65,000 reachable rows per request took 40–50 ms; this is two index reads.
 */
async function countReachable(db: DbOrTx, self: InvestorSelf, status: string | undefined): Promise<number> {
  const reach = reachOf(self);
  const stages = INVESTOR_OPEN_STAGES.filter((s: string) => status === undefined || s === status);
  const byTier = byTierOf(self);
  const [tierCount, extras] = await Promise.all([
    reach === 'invited' || stages.length === 0
      ? Promise.resolve(0)
      : db
          .select({ n: sql<number>`coalesce(sum(${caseStageCounts.n}), 0)::int` })
          .from(caseStageCounts)
          .where(
            and(
              inArray(caseStageCounts.status, [...stages]),
              reach === 'fund_platform' ? eq(caseStageCounts.shown, true) : undefined,
            ),
          )
          .then((r) => Number(r[0]?.n ?? 0)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cases)
      .where(
        and(
          inArray(
            cases.id,
            sql`(select r.case_id from ${caseRoles} r where r.client_id = ${self.id}
              union select i.case_id from ${clientInterests} i where i.client_id = ${self.id} and i.created_by is not null)`,
          ),
          reachable(self),
          status ? eq(cases.status, status) : undefined,
          byTier ? sql`not (${byTier})` : undefined,
        ),
      )
      .then((r) => Number(r[0]?.n ?? 0)),
  ]);
  return tierCount + extras;
}

/**
 * The investor's visible cases grouped by domain keys, stage and currency (the industry pages):
 * the list's rule with no filter, so the counts agree with the list's.
 */
export async function investorCaseFacets(db: DbOrTx, self: InvestorSelf) {
  const rows = await db
    .select({
      domain_keys: cases.domain_keys,
      status: cases.status,
      currency: cases.currency,
      cases: sql<number>`count(*)::int`,
      fund_raising: sql<string | number | null>`sum(${cases.fund_raising})`,
    })
    .from(cases)
    .where(reachable(self))
    .groupBy(cases.domain_keys, cases.status, cases.currency);
  return rows.map((r) => ({
    ...r,
    status: r.status as CaseStage,
    domain_keys: Array.isArray(r.domain_keys) ? (r.domain_keys as string[]) : [],
    cases: Number(r.cases),
    fund_raising: r.fund_raising === null ? null : Number(r.fund_raising),
  }));
}

/** One case, read through the same rule as the list: null when the investor does not reach it. */
export async function findInvestorCase(
  db: DbOrTx,
  self: InvestorSelf,
  caseId: number,
): Promise<InvestorCaseRow | null> {
  const [row] = await db
    .select(selection(self))
    .from(cases)
    .where(and(eq(cases.id, caseId), reachable(self)))
    .limit(1);
  return (row as InvestorCaseRow | undefined) ?? null;
}

export type InvestorCaseDetailRow = InvestorCaseRow & {
  roles: Array<{ id: number; role: string; invest_money: string | number }>;
  ao: { id: number; name: string } | null;
  recusal: { document_id: number; recused_at: string } | null;
};

function detailQuery(db: DbOrTx, self: SelfRef, id: number | Placeholder) {
  return db
    .select({
      ...selection(self),
      roles: sql<
        InvestorCaseDetailRow['roles']
      >`(select coalesce(json_agg(json_build_object('id', r.id, 'role', r.role, 'invest_money', r.invest_money) order by r.id), '[]'::json)
        from ${caseRoles} r where r.case_id = ${caseId} and r.client_id = ${self.id})`,
      ao: sql<
        InvestorCaseDetailRow['ao']
      >`(select json_build_object('id', e.id, 'name', e.name) from ${employees} e where e.id = ${cases.ao_id})`,
      recusal: recusalJsonOf(caseId, self.id),
    })
    .from(cases)
    .where(and(eq(cases.id, id), reachable(self)))
    .limit(1);
}

/**
 * The detail query as a prepared statement per tier (the tier changes the SQL): PostgreSQL planned
 * it for 2.3 ms to run it for 0.2 ms.
 */
const detailStatement = preparedShapes('investorCase.detail', (db, tier) =>
  detailQuery(db, { id: sql.placeholder('client'), tier: tier as MembershipTier }, sql.placeholder('id')),
);

/**
 * One case for its detail page: the rule's row plus the investor's roles on it, the AO's name and
 * a conflict-of-interest recusal, in one round trip (four separate queries held the page to a
 * third of the yardstick's rate with 100k cases).
 */
export async function findInvestorCaseDetail(
  db: DbOrTx,
  self: InvestorSelf,
  id: number,
): Promise<InvestorCaseDetailRow | null> {
  const [row] = await detailStatement(db, self.tier, { client: self.id, id });
  if (!row) return null;
  const found = row as unknown as InvestorCaseDetailRow;
  // Timestamps inside JSON come as PostgreSQL prints them; the API speaks ISO 8601.
  const recusal = found.recusal
    ? { ...found.recusal, recused_at: new Date(found.recusal.recused_at).toISOString() }
    : null;
  return { ...found, roles: found.roles ?? [], recusal };
}

// ── The investor's own interest ────────────────────────────────────────────────────────────────

export async function findInterestRow(db: DbOrTx, clientId: number, caseId: number) {
  const [row] = await db
    .select()
    .from(clientInterests)
    .where(and(eq(clientInterests.client_id, clientId), eq(clientInterests.case_id, caseId)))
    .limit(1);
  return row ?? null;
}

/**
 * Registers (or changes) the investor's interest. A row staff made stays staff's (its level and
 * author), gaining the investor's amount and note; a race between two registrations ends in one row.
 */
export async function upsertRegisteredInterest(
  db: DbOrTx,
  values: { client_id: number; case_id: number; amount: number | null; note: string | null },
) {
  const now = new Date();
  const [row] = await db
    .insert(clientInterests)
    .values({ ...values, registered_at: now })
    .onConflictDoUpdate({
      target: [clientInterests.client_id, clientInterests.case_id],
      set: {
        amount: sql`excluded.amount`,
        note: sql`excluded.note`,
        registered_at: sql`coalesce(${clientInterests.registered_at}, excluded.registered_at)`,
        updated_at: now,
      },
    })
    .returning();
  if (!row) throw new Error('interest upsert returned no row');
  return row;
}

/**
 * Withdraws it: the investor's own row goes; on a row staff made (an invitation) only the
 * investor's part is cleared, so the invitation and staff's notes stay.
 */
export async function withdrawInterest(db: DbOrTx, clientId: number, caseId: number) {
  const mine = and(eq(clientInterests.client_id, clientId), eq(clientInterests.case_id, caseId));
  const removed = await db
    .delete(clientInterests)
    .where(and(mine, sql`${clientInterests.created_by} is null`))
    .returning({ id: clientInterests.id });
  if (removed.length > 0) return true;
  const cleared = await db
    .update(clientInterests)
    .set({ registered_at: null, amount: null, updated_at: new Date() })
    .where(and(mine, isNotNull(clientInterests.registered_at)))
    .returning({ id: clientInterests.id });
  return cleared.length > 0;
}
