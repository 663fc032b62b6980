import { and, asc, count, desc, eq, gte, isNotNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { FUND_ROLES, type FundRole } from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { withCount, type Paging } from '../../db/paging.ts';
import { preparedShapes } from '../../db/prepared.ts';
import { caseCalendars, caseRoles, cases, clientInterests, employees } from '../../db/schema/index.ts';

/**
 * What a client takes part in, read from the case side: their role rows (`case_roles`) on cases
 * that are not deleted, their interests, the events of those cases, and the money per currency.
 * Every query starts from the client's own rows (indexed by client), so a client's page costs the
 * same whether the firm has a hundred cases or a hundred thousand.
 */

/** The lead first, then the list roles in FUND_ROLES order. */
const roleRank = (column: SQL | typeof caseRoles.role) =>
  sql<number>`array_position(array[${sql.raw(FUND_ROLES.map((r) => `'${r}'`).join(','))}]::text[], ${column})`;
const moneyOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const caseOfRole = {
  id: cases.id,
  name: cases.name,
  status: cases.status,
  currency: cases.currency,
  domain_keys: cases.domain_keys,
};
export type RoleWithCase = {
  role: typeof caseRoles.$inferSelect;
  case: { id: number; name: string; status: string; currency: string; domain_keys: string[] };
};

const liveCaseOfClient = (clientId: number) =>
  and(eq(caseRoles.client_id, clientId), eq(cases.is_deleted, false));

function selectRoles(db: DbOrTx) {
  return db
    .select({ role: caseRoles, case: caseOfRole })
    .from(caseRoles)
    .innerJoin(cases, eq(cases.id, caseRoles.case_id));
}

/** The client's roles on cases (not deleted), by case name, the lead first within a case. */
export async function listClientRoles(
  db: DbOrTx,
  clientId: number,
  role: FundRole | undefined,
  paging: Paging,
) {
  const where = and(liveCaseOfClient(clientId), role ? eq(caseRoles.role, role) : undefined);
  const rows = selectRoles(db)
    .where(where)
    .orderBy(asc(cases.name), asc(cases.id), roleRank(caseRoles.role), asc(caseRoles.id));
  return withCount(
    paging.limit === null ? rows : rows.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(caseRoles)
        .innerJoin(cases, eq(cases.id, caseRoles.case_id))
        .where(where),
    paging,
  );
}

/** One role of this client (on a case not deleted); `lock` holds the role row for an update. */
export async function findClientRole(
  db: DbOrTx,
  clientId: number,
  roleId: number,
  lock = false,
): Promise<RoleWithCase | null> {
  const q = selectRoles(db).where(and(eq(caseRoles.id, roleId), liveCaseOfClient(clientId)));
  const [row] = await (lock ? q.for('update', { of: caseRoles }).limit(1) : q.limit(1));
  return row ?? null;
}

export async function updateRoleValues(
  db: DbOrTx,
  id: number,
  values: { holdings_value?: number | null; refunded_money?: number | null },
) {
  await db
    .update(caseRoles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(caseRoles.id, id));
}

// ── Cases of a client ──────────────────────────────────────────────────────────────────────

export type CaseFilter = 'any' | 'role' | 'interest_only';

const CASE_SORT = {
  // The sum over the client's roles, from the query's own subquery (see clientCases).
  invest_money: null,
  name: sql`${cases.name}`,
  status: sql`${cases.status}`,
  created_at: sql`${cases.created_at}`,
  id: sql`${cases.id}`,
} as const;
export type ClientCaseSort = { field: keyof typeof CASE_SORT; dir: 'asc' | 'desc' };

/** The ids of the cases the client holds a role on, or showed interest in, or only showed interest in. */
function caseIdsOf(clientId: Placeholder, filter: CaseFilter): SQL {
  const withRole = sql`select ${caseRoles.case_id} from ${caseRoles} where ${caseRoles.client_id} = ${clientId}`;
  const interested = sql`select ${clientInterests.case_id} from ${clientInterests} where ${clientInterests.client_id} = ${clientId}`;
  if (filter === 'role') return sql`${cases.id} in (${withRole})`;
  if (filter === 'interest_only') return sql`${cases.id} in (${interested} except ${withRole})`;
  return sql`${cases.id} in (${withRole} union ${interested})`;
}

/**
 * The cases of a client as prepared statements by shape (`filter|sort field|dir`), the client's
 * id through a placeholder: the client page reads it on every visit.
 */
const clientCaseQueries = (() => {
  const parts = (db: DbOrTx, key: string) => {
    const [filter, field, dir] = key.split('|') as [CaseFilter, ClientCaseSort['field'], 'asc' | 'desc'];
    const clientId = sql.placeholder('clientId');
    const roles = db
      .select({
        case_id: caseRoles.case_id,
        roles: sql<FundRole[]>`jsonb_agg(${caseRoles.role} order by ${roleRank(caseRoles.role)})`.as('roles'),
        invest_money: sql<string | null>`sum(${caseRoles.invest_money})`.as('invest_money'),
      })
      .from(caseRoles)
      .where(eq(caseRoles.client_id, clientId))
      .groupBy(caseRoles.case_id)
      .as('r');
    const where = and(eq(cases.is_deleted, false), caseIdsOf(clientId, filter));
    const column = CASE_SORT[field] ?? sql`${roles.invest_money}`;
    const order =
      dir === 'asc'
        ? [sql`${column} asc nulls last`, asc(cases.id)]
        : [sql`${column} desc nulls last`, desc(cases.id)];
    const rows = db
      .select({
        id: cases.id,
        name: cases.name,
        status: cases.status,
        currency: cases.currency,
        roles: roles.roles,
        invest_money: roles.invest_money,
        interest_id: clientInterests.id,
        interest_level: clientInterests.level,
        interest_amount: clientInterests.amount,
      })
      .from(cases)
      .leftJoin(roles, eq(roles.case_id, cases.id))
      .leftJoin(
        clientInterests,
        and(eq(clientInterests.case_id, cases.id), eq(clientInterests.client_id, clientId)),
      )
      .where(where)
      .orderBy(...order);
    return { rows, where };
  };
  return {
    all: preparedShapes('clientCases.all', (db, key) => parts(db, key).rows),
    page: preparedShapes('clientCases.page', (db, key) =>
      parts(db, key).rows.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
    ),
    count: preparedShapes('clientCases.count', (db, key) =>
      db.select({ n: count() }).from(cases).where(parts(db, key).where),
    ),
  };
})();

/**
 * Cases of the client with their roles on each (the lead first) and what they invested (summed
 * over the roles), plus their interest when they showed one; unknown amounts sort last.
 */
export async function clientCases(
  db: DbOrTx,
  clientId: number,
  filter: CaseFilter,
  sort: ClientCaseSort,
  paging: Paging,
) {
  const key = `${filter}|${sort.field}|${sort.dir}`;
  const { rows, count: total } = await withCount(
    paging.limit === null
      ? clientCaseQueries.all(db, key, { clientId })
      : clientCaseQueries.page(db, key, { clientId, limit: paging.limit, offset: paging.offset }),
    () => clientCaseQueries.count(db, `${filter}||`, { clientId }),
    paging,
  );
  return {
    count: total,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      currency: r.currency,
      roles: r.roles ?? [],
      in_case: r.roles !== null,
      invest_money: moneyOrNull(r.invest_money),
      interest:
        r.interest_id === null
          ? null
          : { id: r.interest_id, level: r.interest_level ?? 1, amount: moneyOrNull(r.interest_amount) },
    })),
  };
}

/** One case (not deleted) as the client is involved in it: the case, their roles on it, their interest. */
export async function clientCase(db: DbOrTx, clientId: number, caseId: number) {
  const [found] = await db
    .select({ row: cases, ao_name: employees.name })
    .from(cases)
    .leftJoin(employees, eq(employees.id, cases.ao_id))
    .where(and(eq(cases.id, caseId), eq(cases.is_deleted, false)))
    .limit(1);
  if (!found) return null;
  const [roles, interests] = await Promise.all([
    db
      .select()
      .from(caseRoles)
      .where(and(eq(caseRoles.case_id, caseId), eq(caseRoles.client_id, clientId)))
      .orderBy(roleRank(caseRoles.role), asc(caseRoles.id)),
    db
      .select({ id: clientInterests.id, level: clientInterests.level, amount: clientInterests.amount })
      .from(clientInterests)
      .where(and(eq(clientInterests.case_id, caseId), eq(clientInterests.client_id, clientId)))
      .limit(1),
  ]);
  return { case: found.row, ao_name: found.ao_name, roles, interest: interests[0] ?? null };
}

// ── Portfolio value ────────────────────────────────────────────────────────────────────────

/**
 * Per currency of the client's cases (not deleted), over the roles that carry money: what went
 * in, what the holdings are worth, what came back, and holdings + refunds; summed in SQL
 * (numeric, exact), the home currency first.
 */
export async function portfolio(db: DbOrTx, clientId: number) {
  const holdings = sql`coalesce(sum(${caseRoles.holdings_value}), 0)`;
  const refunded = sql`coalesce(sum(${caseRoles.refunded_money}), 0)`;
  return db
    .select({
      currency: cases.currency,
      initial_investment: sql<number>`coalesce(sum(${caseRoles.invest_money}), 0)`.mapWith(Number),
      holdings_value: sql<number>`${holdings}`.mapWith(Number),
      refunded_investment: sql<number>`${refunded}`.mapWith(Number),
      realized_unrealized_value: sql<number>`${holdings} + ${refunded}`.mapWith(Number),
      cases: sql<number>`count(distinct ${cases.id})`.mapWith(Number),
    })
    .from(caseRoles)
    .innerJoin(cases, eq(cases.id, caseRoles.case_id))
    .where(
      and(
        liveCaseOfClient(clientId),
        or(
          isNotNull(caseRoles.invest_money),
          isNotNull(caseRoles.holdings_value),
          isNotNull(caseRoles.refunded_money),
        ),
      ),
    )
    .groupBy(cases.currency)
    .orderBy(sql`${cases.currency} <> 'NTD'`, asc(cases.currency));
}

/**
 * The portfolio per currency and industry: a case counts under its first domain key (its main
 * field; cases carry no other industry), null when it has none, so every amount counts once.
 */
export async function portfolioByIndustry(db: DbOrTx, clientId: number) {
  const industry = sql<string | null>`${cases.domain_keys}->>0`;
  return db
    .select({
      currency: cases.currency,
      industry,
      initial_investment: sql<number>`coalesce(sum(${caseRoles.invest_money}), 0)`.mapWith(Number),
      holdings_value: sql<number>`coalesce(sum(${caseRoles.holdings_value}), 0)`.mapWith(Number),
      cases: sql<number>`count(distinct ${cases.id})`.mapWith(Number),
    })
    .from(caseRoles)
    .innerJoin(cases, eq(cases.id, caseRoles.case_id))
    .where(
      and(
        liveCaseOfClient(clientId),
        or(isNotNull(caseRoles.invest_money), isNotNull(caseRoles.holdings_value)),
      ),
    )
    .groupBy(cases.currency, industry)
    .orderBy(sql`${cases.currency} <> 'NTD'`, asc(cases.currency), sql`${industry} asc nulls last`);
}

// ── Calendar ────────────────────────────────────────────────────────────────────────────────

export type ClientEventView = {
  event: typeof caseCalendars.$inferSelect;
  author_name: string | null;
  case: { id: number; name: string };
};

/** Events of the cases the client holds a role on (not deleted), in the order they happen. */
export async function clientEvents(db: DbOrTx, clientId: number, from: Date | undefined, paging: Paging) {
  const where = and(
    eq(cases.is_deleted, false),
    sql`${caseCalendars.case_id} in (select ${caseRoles.case_id} from ${caseRoles} where ${caseRoles.client_id} = ${clientId})`,
    from ? gte(caseCalendars.end_at, from) : undefined,
  );
  const rows = db
    .select({
      event: caseCalendars,
      author_name: employees.name,
      case: { id: cases.id, name: cases.name },
    })
    .from(caseCalendars)
    .innerJoin(cases, eq(cases.id, caseCalendars.case_id))
    .leftJoin(employees, eq(employees.id, caseCalendars.created_by))
    .where(where)
    .orderBy(asc(caseCalendars.start_at), asc(caseCalendars.id));
  return withCount<ClientEventView>(
    paging.limit === null ? rows : rows.limit(paging.limit).offset(paging.offset),
    () =>
      db
        .select({ n: count() })
        .from(caseCalendars)
        .innerJoin(cases, eq(cases.id, caseCalendars.case_id))
        .where(where),
    paging,
  );
}
