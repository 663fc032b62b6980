// The yardstick for bench/load.ts: a minimal Fastify + pg (or PGlite) server that runs the same
// SQL as our case, client and report routes, with no auth, validation, schemas or layers. Our
// routes are measured against it: whatever it costs on top of this is the price of our architecture.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3401);
type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

let query: Query;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // The yardstick runs with the server's connection settings (no JIT), so the two compare queries.
    options: '-c jit=off',
  });
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = await PGlite.create(`${process.env.DATA_DIR ?? './data'}/pgdata`);
  query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

const COLUMNS = `c.id, c.name, c.status, c.ao_id, e.name as ao_name, c.agent_ids, c.currency, c.source, c.round,
  c.pre_money, c.fund_raising, c.funding, c.domain_keys, c.rating_ao_score, c.rating_ir_score, c.is_deleted,
  c.created_at, c.updated_at`;

// What a list row holds beyond the case (issue 8: the board card and the table's next to-do), read
// in the page's statement as ours reads it: when the case entered its stage, its open to-do due first.
const CARD_COLUMNS = `coalesce((select max(l.created_at) from activity_logs l
    where l.entity_type = 'case' and l.entity_id = c.id and l.action = 'stage'), c.created_at) as stage_entered_at,
  (select json_build_object('id', t.id, 'title', t.title, 'due_at', t.due_at)
    from case_todos t where t.case_id = c.id and not t.done
    order by t.due_at asc nulls last, t.id asc limit 1) as next_todo`;

const app = Fastify({ logger: false });

app.get<{ Querystring: Record<string, string> }>('/raw/cases', async (request) => {
  const q = request.query;
  const size = Number(q.size ?? 20);
  const page = Number(q.page ?? 1);
  const params: unknown[] = [];
  const conds = ['c.is_deleted = false'];
  if (q.status && q.status !== 'all') {
    params.push(q.status);
    conds.push(`c.status = $${params.length}`);
  }
  if (q.keyword) {
    params.push(`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q.keyword);
    const p = `$${params.length - 1}`;
    // The grams narrow through cases_search_grams_idx (its expression verbatim), the ILIKE decides.
    conds.push(
      `case_search_grams(c.name || E'\\n' || coalesce(c.source, '') || E'\\n' || coalesce(c.overview, '')) @> case_search_grams($${params.length})`,
      `(c.name ilike ${p} or c.source ilike ${p} or c.overview ilike ${p})`,
    );
  }
  const where = conds.join(' and ');
  // The same SQL as our repository: ids of the page from the index (deferred join), and the count
  // from the trigger-kept stage totals when no text filter applies.
  const countSql = q.keyword
    ? `select count(*)::int as n from cases c where ${where}`
    : `select coalesce(sum(n), 0)::int as n from case_stage_totals where is_deleted = false${
        q.status && q.status !== 'all' ? ' and status = $1' : ''
      }`;
  const [rows, total] = await Promise.all([
    query(
      `select ${COLUMNS}, ${CARD_COLUMNS} from cases c left join employees e on e.id = c.ao_id
       where c.id in (select c.id from cases c where ${where} order by c.created_at desc, c.id desc
                      limit ${size} offset ${(page - 1) * size})
       order by c.created_at desc, c.id desc`,
      params,
    ),
    query(countSql, q.keyword ? params : params.slice(0, q.status && q.status !== 'all' ? 1 : 0)),
  ]);
  return { data: { result: rows, count: total[0]?.n ?? 0 } };
});

// The investor's cases (issue 13), hand-written: a GP member's reach (every case from s1 on) or a
// role, and per row the role, invitation, NDA and own interest our list reads, without the
// presenter's masking or the domain rule's second look.
const INVESTOR_REACH = `c.is_deleted = false and (
  (c.status <> 'draft' and exists (select 1 from case_roles r where r.case_id = c.id and r.client_id = $1))
  or (c.status not in ('draft', 'drop') and exists (select 1 from client_interests i where i.case_id = c.id and i.client_id = $1 and i.created_by is not null))
  or c.status in ('s1', 's2', 's3', 's4', 'after_invest', 'finish'))`;
const INVESTOR_COLUMNS = `c.id, c.name, c.status, c.round, c.currency, c.fund_raising, c.overview, c.domain_keys,
  c.de_identification, c.term_sheet, c.created_at,
  exists (select 1 from case_roles r where r.case_id = c.id and r.client_id = $1) as has_role,
  exists (select 1 from client_interests i where i.case_id = c.id and i.client_id = $1 and i.created_by is not null) as invited,
  exists (select 1 from legal_documents d where d.client_id = $1 and d.case_id = c.id and d.kind = 'nda' and d.status = 'signed') as nda_signed,
  (select json_build_object('id', i.id, 'amount', i.amount) from client_interests i
    where i.case_id = c.id and i.client_id = $1 and i.registered_at is not null) as interest`;
app.get<{ Querystring: Record<string, string> }>('/raw/investor/cases', async (request) => {
  const q = request.query;
  const size = Number(q.size ?? 12);
  const page = Number(q.page ?? 1);
  const client = Number(q.client);
  const [rows, total] = await Promise.all([
    query(
      `select ${INVESTOR_COLUMNS} from cases c where ${INVESTOR_REACH}
       order by c.created_at desc, c.id desc limit ${size} offset ${(page - 1) * size}`,
      [client],
    ),
    query(`select count(*)::int as n from cases c where ${INVESTOR_REACH}`, [client]),
  ]);
  return { data: { result: rows, count: total[0]?.n ?? 0 } };
});
app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
  '/raw/investor/cases/:id',
  async (request) => {
    const client = Number(request.query.client);
    const [row] = await query(
      `select ${INVESTOR_COLUMNS}, c.website, c.pre_money, c.funding, c.co_investor, c.business_plan, c.ao_id
       from cases c where c.id = $2 and ${INVESTOR_REACH} limit 1`,
      [client, Number(request.params.id)],
    );
    const roles = await query(
      'select id, role, invest_money from case_roles where case_id = $1 and client_id = $2',
      [Number(request.params.id), client],
    );
    return { data: { ...row, roles } };
  },
);

// The parent-case checks our reads of a case's items run (with and without deleted cases).
const CASE_EXISTS = `select "id" from "cases" where ("cases"."id" = $1 and "cases"."is_deleted" = $2) limit $3`;
const CASE_EXISTS_ANY = `select "id" from "cases" where "cases"."id" = $1 limit $2`;

app.get<{ Params: { id: string } }>('/raw/cases/:id', async (request) => {
  // One query with the staff names, as our repository does.
  const [row] = await query(
    `select c.*, (select json_agg(json_build_object('id', e.id, 'name', e.name)) from employees e
       where e.id = c.ao_id or e.id = any(c.agent_ids)) as staff
     from cases c where c.id = $1 and c.is_deleted = false`,
    [Number(request.params.id)],
  );
  if (!row) return { error: 'not found' };
  return { data: row };
});

app.get<{ Params: { id: string }; Querystring: { page?: string } }>('/raw/cases/:id/log', async (request) => {
  const id = Number(request.params.id);
  const offset = (Number(request.query.page ?? 1) - 1) * 20;
  const [, rows, total] = await Promise.all([
    query(CASE_EXISTS_ANY, [id, 1]),
    query(
      `select "id", "action", "actor_type", "actor_id", case "actor_type"
      when 'employee' then (select "name" from "employees" where "id" = "actor_id")
      when 'client' then (select "name" from "clients" where "id" = "actor_id")
      when 'startup' then (select "name" from "startup_users" where "id" = "actor_id")
    end, "changes", "reason", "created_at" from "activity_logs" where ("activity_logs"."entity_type" = $1 and "activity_logs"."entity_id" = $2) order by "activity_logs"."created_at" desc, "activity_logs"."id" desc limit $3 offset $4`,
      ['case', id, 20, offset],
    ),
    query(
      `select count(*) from "activity_logs" where ("activity_logs"."entity_type" = $1 and "activity_logs"."entity_id" = $2)`,
      ['case', id],
    ),
  ]);
  return { data: { result: rows, count: Number(total[0]?.count ?? 0) } };
});

// The sub-resource lists of one case, as the management page asks for them (`all=1`): the SQL
// text drizzle sends for our repositories (logged from our server). As ours, a list of every row
// runs no count, and the check that the parent case is live runs alongside the rows.
function caseList(
  path: string,
  sql: (filter: string | undefined) => { rows: string; count: string },
  filterParam?: string,
) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(path, async (request) => {
    const filter = filterParam ? request.query[filterParam] : undefined;
    const params: unknown[] = filter ? [Number(request.params.id), filter] : [Number(request.params.id)];
    const text = sql(filter);
    const [, rows] = await Promise.all([
      query(CASE_EXISTS, [Number(request.params.id), false, 1]),
      query(text.rows, params),
    ]);
    return { data: { result: rows, count: rows.length } };
  });
}

caseList('/raw/cases/:id/todo', () => ({
  rows: `select "case_todos"."id", "case_todos"."case_id", "case_todos"."title", "case_todos"."content", "case_todos"."due_at", "case_todos"."done", "case_todos"."assignee_id", "case_todos"."created_by", "case_todos"."created_at", "case_todos"."updated_at", "author"."name", "assignee"."name", "cases"."name" from "case_todos" inner join "cases" on "cases"."id" = "case_todos"."case_id" left join "employees" "author" on "author"."id" = "case_todos"."created_by" left join "employees" "assignee" on "assignee"."id" = "case_todos"."assignee_id" where "case_todos"."case_id" = $1 order by "case_todos"."done" asc, "case_todos"."due_at" asc nulls last, "case_todos"."id" asc`,
  count: `select count(*) from "case_todos" inner join "cases" on "cases"."id" = "case_todos"."case_id" where "case_todos"."case_id" = $1`,
}));

caseList('/raw/cases/:id/calendars', () => ({
  rows: `select "case_calendars"."id", "case_calendars"."case_id", "case_calendars"."title", "case_calendars"."start_at", "case_calendars"."end_at", "case_calendars"."location", "case_calendars"."created_by", "case_calendars"."created_at", "case_calendars"."updated_at", "employees"."name" from "case_calendars" left join "employees" on "employees"."id" = "case_calendars"."created_by" where "case_calendars"."case_id" = $1 order by "case_calendars"."start_at" asc, "case_calendars"."id" asc`,
  count: `select count(*) from "case_calendars" where "case_calendars"."case_id" = $1`,
}));

caseList(
  '/raw/cases/:id/comments',
  (type) => {
    const where = type
      ? `("case_comments"."case_id" = $1 and "case_comments"."type" = $2)`
      : `"case_comments"."case_id" = $1`;
    return {
      rows: `select "case_comments"."id", "case_comments"."case_id", "case_comments"."type", "case_comments"."title", "case_comments"."comment", "case_comments"."publish_at", "case_comments"."created_by", "case_comments"."created_at", "case_comments"."updated_at", "employees"."name" from "case_comments" left join "employees" on "employees"."id" = "case_comments"."created_by" where ${where} order by "case_comments"."publish_at" desc, "case_comments"."id" desc`,
      count: `select count(*) from "case_comments" where ${where}`,
    };
  },
  'type',
);

caseList('/raw/cases/:id/info', () => ({
  rows: `select "case_info_updates"."id", "case_info_updates"."case_id", "case_info_updates"."title", "case_info_updates"."content", "case_info_updates"."created_by", "case_info_updates"."created_at", "case_info_updates"."updated_at", "employees"."name" from "case_info_updates" left join "employees" on "employees"."id" = "case_info_updates"."created_by" where "case_info_updates"."case_id" = $1 order by "case_info_updates"."created_at" desc, "case_info_updates"."id" desc`,
  count: `select count(*) from "case_info_updates" where "case_info_updates"."case_id" = $1`,
}));

caseList('/raw/cases/:id/maintenances', () => ({
  rows: `select "case_maintenances"."id", "case_maintenances"."case_id", "case_maintenances"."title", "case_maintenances"."content", "case_maintenances"."date", "case_maintenances"."created_by", "case_maintenances"."created_at", "case_maintenances"."updated_at", "employees"."name" from "case_maintenances" left join "employees" on "employees"."id" = "case_maintenances"."created_by" where "case_maintenances"."case_id" = $1 order by "case_maintenances"."date" desc, "case_maintenances"."id" desc`,
  count: `select count(*) from "case_maintenances" where "case_maintenances"."case_id" = $1`,
}));

caseList('/raw/cases/:id/shareholders', () => ({
  rows: `select "case_shareholder_histories"."id", "case_shareholder_histories"."case_id", "case_shareholder_histories"."title", "case_shareholder_histories"."shareholders", "case_shareholder_histories"."created_by", "case_shareholder_histories"."created_at", "case_shareholder_histories"."updated_at", "employees"."name" from "case_shareholder_histories" left join "employees" on "employees"."id" = "case_shareholder_histories"."created_by" where "case_shareholder_histories"."case_id" = $1 order by "case_shareholder_histories"."created_at" desc, "case_shareholder_histories"."id" desc`,
  count: `select count(*) from "case_shareholder_histories" where "case_shareholder_histories"."case_id" = $1`,
}));

// Roles (`role` keeps one role) and the panel (the rows whose role is panel) share one query.
const roleSql = (role: string | undefined) => {
  const where = role
    ? `("case_roles"."case_id" = $1 and "case_roles"."role" = $2)`
    : `"case_roles"."case_id" = $1`;
  return {
    rows: `select "case_roles"."id", "case_roles"."case_id", "case_roles"."client_id", "case_roles"."role", "case_roles"."invest_money", "case_roles"."created_by", "case_roles"."created_at", "case_roles"."updated_at", "clients"."name" from "case_roles" inner join "clients" on "clients"."id" = "case_roles"."client_id" where ${where} order by array_position(array['lead_angel','panel','co_invest','observer','advisor']::text[], "case_roles"."role"), "case_roles"."id" asc`,
    count: `select count(*) from "case_roles" where ${where}`,
  };
};
caseList('/raw/cases/:id/role', roleSql, 'role');
app.get<{ Params: { id: string } }>('/raw/cases/:id/panel', async (request) => {
  const params = [Number(request.params.id), 'panel'];
  const text = roleSql('panel');
  const [, rows] = await Promise.all([query(CASE_EXISTS, [params[0], false, 1]), query(text.rows, params)]);
  return { data: { result: rows, count: rows.length } };
});

caseList('/raw/cases/:id/dd', () => ({
  rows: `select "case_dd_comments"."id", "case_dd_comments"."case_id", "case_dd_comments"."client_id", "case_dd_comments"."content", "case_dd_comments"."created_by", "case_dd_comments"."created_at", "case_dd_comments"."updated_at", "employees"."name", "clients"."name", "cases"."name" from "case_dd_comments" inner join "cases" on "cases"."id" = "case_dd_comments"."case_id" left join "employees" on "employees"."id" = "case_dd_comments"."created_by" left join "clients" on "clients"."id" = "case_dd_comments"."client_id" where "case_dd_comments"."case_id" = $1 order by "case_dd_comments"."created_at" desc, "case_dd_comments"."id" desc`,
  count: `select count(*) from "case_dd_comments" inner join "cases" on "cases"."id" = "case_dd_comments"."case_id" where "case_dd_comments"."case_id" = $1`,
}));

// The client book (issue 9): the same SQL as our client routes, logged from our server.
const CLIENT_ACCESS = `select "id", "name", "email", "process_status", "employee_id", "is_deleted", "currency" from "clients" where "clients"."id" = $1 limit $2`;
const CLIENT_SUMMARY = `select "clients"."id", "clients"."email", "clients"."first_name", "clients"."last_name", "clients"."name", "clients"."type", "clients"."status", "clients"."phone", "clients"."membership", "clients"."process_status", "clients"."dropped_from", "clients"."stage_entered_at", "clients"."investe_startup", "clients"."scale", "clients"."check_size", "clients"."currency", "clients"."invest_money", "clients"."invested", "clients"."domain_keys", "clients"."industry_keys", "clients"."employee_id", "employees"."name", "clients"."expiry_at", "clients"."next_step", "clients"."password_hash" is not null, "clients"."is_deleted", "clients"."deleted_at", "clients"."created_at", "clients"."updated_at", (select
    json_build_object('id', "client_todos"."id", 'title', "client_todos"."title", 'due_at', "client_todos"."due_at")
    from "client_todos" where "client_todos"."client_id" = "clients"."id" and not "client_todos"."done"
    order by "client_todos"."due_at" asc nulls last, "client_todos"."id" asc limit 1) from "clients" left join "employees" on "employees"."id" = "clients"."employee_id"`;
const CLIENT_ORDER = `order by "clients"."invest_money" desc, "clients"."id" desc`;

app.get<{ Querystring: Record<string, string> }>('/raw/clients', async (request) => {
  const q = request.query;
  const size = Number(q.size ?? 10);
  const page = Number(q.page ?? 1);
  const params: unknown[] = [false];
  const conds = ['"clients"."is_deleted" = $1'];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(q.q, like, like, like);
    const n = params.length;
    conds.push(
      `case_search_grams("clients"."name" || E'\\n' || "clients"."email" || E'\\n' || coalesce("clients"."phone", '')) @> case_search_grams($${n - 3})`,
      `("clients"."name" ilike $${n - 2} or "clients"."email" ilike $${n - 1} or "clients"."phone" ilike $${n})`,
    );
  }
  if (q.membership) {
    params.push(q.membership);
    conds.push(`"clients"."membership" = $${params.length}`);
  }
  const where = conds.join(' and ');
  const filtered = params.length > 1;
  const pageParams = [...params, size, ...(page > 1 ? [(page - 1) * size] : [])];
  const limit = `limit $${params.length + 1}${page > 1 ? ` offset $${params.length + 2}` : ''}`;
  const [rows, total] = await Promise.all([
    query(
      `${CLIENT_SUMMARY} where "clients"."id" in (select "id" from "clients" where (${where}) ${CLIENT_ORDER} ${limit}) ${CLIENT_ORDER}`,
      pageParams,
    ),
    filtered
      ? query(`select count(*) from "clients" where (${where})`, params)
      : query(
          `select "process_status", "n", "check_size" from "client_stage_totals" where "client_stage_totals"."is_deleted" = $1`,
          [false],
        ),
  ]);
  const count = filtered ? Number(total[0]?.count ?? 0) : total.reduce((sum, r) => sum + Number(r.n), 0);
  return { data: { result: rows, count } };
});

// The inbox (issue 11): one tab's page, newest last message first, with its count.
const THREAD_COLUMNS = `t.id, t.client_id, c.name as client_name, t.subject, t.message_count, t.last_message_at,
  t.last_from, t.last_message_id, t.last_preview, t.last_employee_id, e.name as last_employee_name,
  t.staff_unread, t.client_unread, t.created_at`;
app.get<{ Querystring: Record<string, string> }>('/raw/services', async (request) => {
  const q = request.query;
  const size = Number(q.size ?? 20);
  const page = Number(q.page ?? 1);
  const from = q.type === 'unreplied' ? 'client' : q.type === 'replied' ? 'employee' : null;
  const where = from ? 'where t.last_from = $1' : '';
  const params = from ? [from] : [];
  const n = params.length;
  const [rows, total] = await Promise.all([
    query(
      `select ${THREAD_COLUMNS} from service_threads t join clients c on c.id = t.client_id
       left join employees e on e.id = t.last_employee_id ${where}
       order by t.last_message_at desc nulls last, t.id desc nulls last limit $${n + 1} offset $${n + 2}`,
      [...params, size, (page - 1) * size],
    ),
    query(`select count(*) from service_threads t ${where}`, params),
  ]);
  return { data: { result: rows, count: Number(total[0]?.count ?? 0) } };
});

app.get<{ Params: { id: string } }>('/raw/clients/:id', async (request) => {
  const id = Number(request.params.id);
  const [, rows] = await Promise.all([
    query(CLIENT_ACCESS, [id, 1]),
    query(
      `select "clients"."id", "clients"."email", "clients"."password_hash", "clients"."must_change_password", "clients"."first_name", "clients"."last_name", "clients"."name", "clients"."type", "clients"."status", "clients"."phone", "clients"."membership", "clients"."process_status", "clients"."dropped_from", "clients"."stage_entered_at", "clients"."investe_startup", "clients"."scale", "clients"."check_size", "clients"."currency", "clients"."invest_money", "clients"."invested", "clients"."domain_keys", "clients"."industry_keys", "clients"."employee_id", "clients"."expiry_at", "clients"."next_step", "clients"."token_version", "clients"."last_login_at", "clients"."is_deleted", "clients"."deleted_at", "clients"."created_at", "clients"."updated_at", "employees"."name" from "clients" left join "employees" on "employees"."id" = "clients"."employee_id" where "clients"."id" = $1 limit $2`,
      [id, 1],
    ),
  ]);
  const row = rows[0];
  if (!row) return { error: 'not found' };
  const { password_hash: _hash, token_version: _version, ...client } = row;
  return { data: client };
});

/** A list of one client's items: the access check alongside the rows, as ours. */
function clientList(path: string, rowsSql: string, params: (id: number) => unknown[]) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(path, async (request) => {
    const id = Number(request.params.id ?? request.query.client_id);
    const [, rows] = await Promise.all([query(CLIENT_ACCESS, [id, 1]), query(rowsSql, params(id))]);
    return { data: { result: rows, count: rows.length } };
  });
}
clientList(
  '/raw/clients/:id/todo',
  `select "client_todos"."id", "client_todos"."client_id", "client_todos"."title", "client_todos"."content", "client_todos"."due_at", "client_todos"."done", "client_todos"."assignee_id", "client_todos"."created_by", "client_todos"."created_at", "client_todos"."updated_at", "author"."name", "assignee"."name" from "client_todos" left join "employees" "author" on "author"."id" = "client_todos"."created_by" left join "employees" "assignee" on "assignee"."id" = "client_todos"."assignee_id" where "client_todos"."client_id" = $1 order by "client_todos"."done" asc, "client_todos"."due_at" asc nulls last, "client_todos"."id" asc`,
  (id) => [id],
);
clientList(
  '/raw/clients/:id/contact',
  `select "client_contacts"."id", "client_contacts"."client_id", "client_contacts"."contact_at", "client_contacts"."channel", "client_contacts"."summary", "client_contacts"."employee_id", "client_contacts"."created_by", "client_contacts"."created_at", "client_contacts"."updated_at", "contact_person"."name", "author"."name" from "client_contacts" left join "employees" "contact_person" on "contact_person"."id" = "client_contacts"."employee_id" left join "employees" "author" on "author"."id" = "client_contacts"."created_by" where "client_contacts"."client_id" = $1 order by "client_contacts"."contact_at" desc, "client_contacts"."id" desc`,
  (id) => [id],
);
clientList(
  '/raw/clients/:id/accounts',
  `select "client_accounts"."id", "client_accounts"."client_id", "client_accounts"."holder_name", "client_accounts"."kind", "client_accounts"."tax_id", "client_accounts"."bank_name", "client_accounts"."bank_account", "client_accounts"."is_default", "client_accounts"."created_by", "client_accounts"."created_at", "client_accounts"."updated_at", "employees"."name" from "client_accounts" left join "employees" on "employees"."id" = "client_accounts"."created_by" where "client_accounts"."client_id" = $1 order by "client_accounts"."is_default" desc, "client_accounts"."id" asc`,
  (id) => [id],
);
clientList(
  '/raw/client/interests',
  `select "client_interests"."id", "client_interests"."client_id", "client_interests"."case_id", "client_interests"."level", "client_interests"."amount", "client_interests"."note", "client_interests"."created_by", "client_interests"."created_at", "client_interests"."updated_at", "clients"."name", "cases"."name", "cases"."currency", "employees"."name" from "client_interests" inner join "clients" on ("clients"."id" = "client_interests"."client_id" and "clients"."is_deleted" = $1) inner join "cases" on ("cases"."id" = "client_interests"."case_id" and "cases"."is_deleted" = $2) left join "employees" on "employees"."id" = "client_interests"."created_by" where ("clients"."process_status" in ($3, $4, $5, $6, $7, $8, $9, $10) and "client_interests"."client_id" = $11) order by "client_interests"."level" desc, "client_interests"."updated_at" desc, "client_interests"."id" desc`,
  (id) => [false, false, 'p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop', id],
);
clientList(
  '/raw/clients/:id/cases',
  `select "cases"."id", "cases"."name", "cases"."status", "cases"."currency", "roles", "invest_money", "client_interests"."id", "client_interests"."level", "client_interests"."amount" from "cases" left join (select "case_id", jsonb_agg("role" order by array_position(array['lead_angel','panel','co_invest','observer','advisor']::text[], "case_roles"."role")) as "roles", sum("invest_money") as "invest_money" from "case_roles" where "case_roles"."client_id" = $1 group by "case_roles"."case_id") "r" on "r"."case_id" = "cases"."id" left join "client_interests" on ("client_interests"."case_id" = "cases"."id" and "client_interests"."client_id" = $2) where ("cases"."is_deleted" = $3 and "cases"."id" in (select "case_roles"."case_id" from "case_roles" where "case_roles"."client_id" = $4 union select "client_interests"."case_id" from "client_interests" where "client_interests"."client_id" = $5)) order by "invest_money" desc nulls last, "cases"."id" desc`,
  (id) => [id, id, false, id, id],
);
app.get<{ Params: { id: string } }>('/raw/clients/:id/log', async (request) => {
  const id = Number(request.params.id);
  const [, rows, total] = await Promise.all([
    query(CLIENT_ACCESS, [id, 1]),
    query(
      `select "id", "action", "actor_type", "actor_id", case "actor_type"
      when 'employee' then (select "name" from "employees" where "id" = "actor_id")
      when 'client' then (select "name" from "clients" where "id" = "actor_id")
      when 'startup' then (select "name" from "startup_users" where "id" = "actor_id")
    end, "changes", "reason", "created_at" from "activity_logs" where ("activity_logs"."entity_type" = $1 and "activity_logs"."entity_id" = $2) order by "activity_logs"."created_at" desc, "activity_logs"."id" desc limit $3`,
      ['client', id, 20],
    ),
    query(
      `select count(*) from "activity_logs" where ("activity_logs"."entity_type" = $1 and "activity_logs"."entity_id" = $2)`,
      ['client', id],
    ),
  ]);
  return { data: { result: rows, count: Number(total[0]?.count ?? 0) } };
});

// Reports (issue 10). `/raw/reports/…`: the same SQL as our report routes (stored days and rows
// through their primary keys, today from the trigger-kept totals), the answer shaped the same way.
// `/raw/live/…`: the same answer computed live from the base tables, without snapshots: what the
// snapshots are measured against.
const TIME_ZONE = 'Asia/Taipei';
const CASE_STAGES = ['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop'];
const IN_PROGRESS = new Set(['s0', 's1', 's2', 's3', 's4']);
const todayIn = (tz: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysFrom = (a: string, b: string) => {
  const out: string[] = [];
  for (let d = a; d <= b; d = addDays(d, 1)) out.push(d);
  return out;
};
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

/** One entry per day per stage, as ours: stored days from their rows, today from `live`. */
function statusSeries(
  start: string,
  end: string,
  stored: Set<string>,
  rows: Record<string, unknown>[],
  live: Map<string, number>,
  stages: readonly string[] = CASE_STAGES,
) {
  const today = todayIn(TIME_ZONE);
  const counts = new Map<string, number>();
  for (const r of rows) {
    const k = `${dayText(r.day)}|${String(r.stage)}`;
    counts.set(k, (counts.get(k) ?? 0) + Number(r.n));
  }
  const result: Array<{ date: string; stage: string; count: number }> = [];
  const missing: string[] = [];
  for (const day of daysFrom(start, end)) {
    if (day === today)
      for (const stage of stages) result.push({ date: day, stage, count: live.get(stage) ?? 0 });
    else if (stored.has(day))
      for (const stage of stages)
        result.push({ date: day, stage, count: counts.get(`${day}|${stage}`) ?? 0 });
    else missing.push(day);
  }
  return {
    start_at: start,
    end_at: end,
    time_zone: TIME_ZONE,
    live_from: today,
    stages: [...stages],
    missing_days: missing,
    result,
  };
}

/** The period of a status series as ours reads it: up to today, 30 days unless a start is given. */
function period(q: Record<string, string>) {
  const today = todayIn(TIME_ZONE);
  const end = q.end_at && q.end_at < today ? q.end_at : today;
  return { today, end, start: q.start_at ?? addDays(end, -29) };
}

/**
 * A status series as ours serves it: the stored days of `dimension`, today from the trigger-kept
 * totals (our statement `liveSql`, filtered on `is_deleted = $1`, its stage in `stageColumn`).
 */
async function storedSeries(
  q: Record<string, string>,
  dimension: string,
  liveSql: string,
  stageColumn: string,
  stages?: readonly string[],
) {
  const { today, start, end } = period(q);
  const lastStored = end < today ? end : addDays(today, -1);
  const [days, rows, live] = await Promise.all([
    query(`select "day" from "report_snapshot_days" where "report_snapshot_days"."day" between $1 and $2`, [
      start,
      lastStored,
    ]),
    query(
      `select "day", "stage", "n" from "report_snapshots" where ("report_snapshots"."dimension" = $1 and "report_snapshots"."day" between $2 and $3)`,
      [dimension, start, lastStored],
    ),
    query(liveSql, [false]),
  ]);
  const counts = new Map<string, number>();
  for (const r of live) {
    const stage = String(r[stageColumn]);
    counts.set(stage, (counts.get(stage) ?? 0) + Number(r.n));
  }
  return statusSeries(start, end, new Set(days.map((d) => dayText(d.day))), rows, counts, stages);
}

app.get<{ Querystring: Record<string, string> }>('/raw/reports/cases/status', async (request) => ({
  data: await storedSeries(
    request.query,
    'cases.status',
    `select "status", "currency", "n", "fund_raising" from "case_stage_totals" where "case_stage_totals"."is_deleted" = $1`,
    'status',
  ),
}));

app.get<{ Querystring: Record<string, string> }>('/raw/live/cases/status', async (request) => {
  const { today, start, end } = period(request.query);
  // Each case's stays (the stage it was created in, then one per move), counted on every day's end.
  const rows = await query(
    `with moves as (
       select entity_id as id, created_at as at, changes -> 'status' ->> 'from' as f, changes -> 'status' ->> 'to' as t
         from activity_logs where entity_type = 'case' and action = 'stage'),
     stays as (
       select c.id, coalesce((select m.f from moves m where m.id = c.id order by m.at limit 1), c.status) as stage,
              c.created_at as since, coalesce((select min(m.at) from moves m where m.id = c.id), 'infinity') as until
         from cases c where not c.is_deleted
       union all
       select m.id, m.t, m.at, coalesce(lead(m.at) over (partition by m.id order by m.at), 'infinity')
         from moves m join cases c on c.id = m.id and not c.is_deleted),
     days as (select d::date as day, ((d::date + 1)::timestamp at time zone $3) as e
                from generate_series($1::date, $2::date, interval '1 day') d)
     select d.day::text as day, s.stage, count(*)::int as n
       from days d join stays s on s.since < d.e and s.until >= d.e
      group by d.day, s.stage`,
    [start, end, TIME_ZONE],
  );
  const all = new Set(daysFrom(start, end));
  const live = new Map<string, number>();
  for (const r of rows) if (dayText(r.day) === today) live.set(String(r.stage), Number(r.n));
  return { data: statusSeries(start, end, all, rows, live) };
});

/** Sums per currency as ours keeps them: to the cent, a zero amount adds nothing, a zero sum goes. */
function addTo(sums: Record<string, number>, currency: string, amount: number) {
  if (!amount) return;
  const next = Math.round(((sums[currency] ?? 0) + amount) * 100) / 100;
  if (next === 0) delete sums[currency];
  else sums[currency] = next;
}

/**
 * Groups of cases as ours shapes them: per key, by stage, with the fund raising of those in
 * progress, largest first; `names` names the keys (the AO's, for cases/ao).
 */
function caseGroups(rows: Record<string, unknown>[], names?: Map<string, string>) {
  const groups = new Map<
    string,
    {
      key: string;
      name: string | null;
      count: number;
      in_progress: number;
      stages: Record<string, number>;
      fund_raising: Record<string, number>;
    }
  >();
  for (const r of rows) {
    const key = String(r.key);
    const g = groups.get(key) ?? {
      key,
      name: null,
      count: 0,
      in_progress: 0,
      stages: Object.fromEntries(CASE_STAGES.map((st) => [st, 0])),
      fund_raising: {},
    };
    groups.set(key, g);
    const n = Number(r.n);
    const stage = String(r.stage);
    if (!CASE_STAGES.includes(stage) || n === 0) continue;
    g.stages[stage] = (g.stages[stage] ?? 0) + n;
    g.count += n;
    if (IN_PROGRESS.has(stage)) {
      g.in_progress += n;
      addTo(g.fund_raising, String(r.currency), Number(r.amount));
    }
  }
  const result = [...groups.values()].filter((g) => g.count > 0);
  if (names) for (const g of result) g.name = g.key ? (names.get(g.key) ?? null) : null;
  return result.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

app.get('/raw/reports/cases/round', async () => {
  const rows = await query(
    `select "key", "stage", "currency", "n", "amount" from "report_live_totals" where ("report_live_totals"."dimension" = $1 and ("report_live_totals"."n" <> $2 or "report_live_totals"."amount" <> $3))`,
    ['cases.round', 0, 0],
  );
  return {
    data: {
      on: todayIn(TIME_ZONE),
      time_zone: TIME_ZONE,
      live: true,
      missing: false,
      result: caseGroups(rows),
    },
  };
});

app.get('/raw/live/cases/round', async () => {
  const rows = await query(
    `select coalesce(round, '') as key, status as stage, currency, count(*)::int as n, coalesce(sum(fund_raising), 0) as amount
       from cases where not is_deleted group by 1, 2, 3`,
    [],
  );
  return {
    data: {
      on: todayIn(TIME_ZONE),
      time_zone: TIME_ZONE,
      live: true,
      missing: false,
      result: caseGroups(rows),
    },
  };
});

// The other breakdowns, the summary, the client series and the client feed (issue 10). `/raw/reports/…`
// runs the statements our report routes issue (logged from our server: today's groups from the
// trigger-kept report_live_totals, names of the AOs and owners, stored days); `/raw/live/…` gets
// the same answer from cases, clients and activity_logs alone.
const CONTACT_STAGES = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop'];
const LIVE_GROUPS = `select "key", "stage", "currency", "n", "amount" from "report_live_totals" where ("report_live_totals"."dimension" = $1 and ("report_live_totals"."n" <> $2 or "report_live_totals"."amount" <> $3))`;
const liveGroups = (dimension: string) => query(LIVE_GROUPS, [dimension, 0, 0]);

/** Names of employees by id, as ours asks for them (one array of ids). */
async function employeeNames(ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await query(`select "id", "name" from "employees" where "employees"."id" = any($1::int[])`, [
    ids.map(Number),
  ]);
  return new Map(rows.map((r) => [String(r.id), String(r.name)]));
}
const namedKeys = (rows: Record<string, unknown>[]) => [
  ...new Set(rows.filter((r) => r.key && Number(r.n) !== 0).map((r) => String(r.key))),
];
const asOfToday = () => ({ on: todayIn(TIME_ZONE), time_zone: TIME_ZONE, live: true, missing: false });

/** A case's groups of a dimension computed from the cases table: key, stage, currency, count, fund raising. */
const CASE_KEY = {
  ao: `coalesce(c.ao_id::text, '')`,
  // Each domain once ('' for none), as report_case_groups and caseContributions count them.
  domain: 'd.k',
};
const liveCaseGroups = (by: keyof typeof CASE_KEY) =>
  query(
    `select ${CASE_KEY[by]} as key, c.status as stage, c.currency, count(*)::int as n, coalesce(sum(c.fund_raising), 0) as amount
       from cases c${
         by === 'domain'
           ? ` cross join lateral (select distinct k from jsonb_array_elements_text(
                 case when jsonb_typeof(c.domain_keys) = 'array' and jsonb_array_length(c.domain_keys) > 0
                      then c.domain_keys else '[""]'::jsonb end) k) d`
           : ''
       }
      where not c.is_deleted group by 1, 2, 3`,
    [],
  );

app.get('/raw/reports/cases/ao', async () => {
  const rows = await liveGroups('cases.ao');
  return { data: { ...asOfToday(), result: caseGroups(rows, await employeeNames(namedKeys(rows))) } };
});
app.get('/raw/live/cases/ao', async () => {
  const rows = await liveCaseGroups('ao');
  return { data: { ...asOfToday(), result: caseGroups(rows, await employeeNames(namedKeys(rows))) } };
});
app.get('/raw/reports/cases/domain', async () => ({
  data: { ...asOfToday(), result: caseGroups(await liveGroups('cases.domain')) },
}));
app.get('/raw/live/cases/domain', async () => ({
  data: { ...asOfToday(), result: caseGroups(await liveCaseGroups('domain')) },
}));

/**
 * The summary as ours shapes it: cases by stage with the fund raising of those in progress, and the
 * year's moves into after_invest (with their funding) and into drop.
 */
function caseSummary(
  stages: Record<string, unknown>[],
  moves: Array<{ stage: string; n: number; amounts: Record<string, number> }>,
  missing: string[],
) {
  const today = todayIn(TIME_ZONE);
  const byStage = Object.fromEntries(CASE_STAGES.map((st) => [st, 0]));
  const raising: Record<string, number> = {};
  for (const r of stages) {
    const stage = String(r.status);
    if (!CASE_STAGES.includes(stage)) continue;
    byStage[stage] = (byStage[stage] ?? 0) + Number(r.n);
    if (IN_PROGRESS.has(stage)) addTo(raising, String(r.currency), Number(r.fund_raising));
  }
  const funded = { count: 0, funding: {} as Record<string, number> };
  const dropped = { count: 0 };
  for (const m of moves) {
    if (m.stage === 'after_invest') {
      funded.count += m.n;
      for (const [currency, amount] of Object.entries(m.amounts)) addTo(funded.funding, currency, amount);
    } else if (m.stage === 'drop') dropped.count += m.n;
  }
  return {
    ...asOfToday(),
    year: Number(today.slice(0, 4)),
    total: Object.values(byStage).reduce((a, b) => a + b, 0),
    in_progress: [...IN_PROGRESS].reduce((sum, st) => sum + (byStage[st] ?? 0), 0),
    raising,
    by_stage: byStage,
    funded_this_year: funded,
    dropped_this_year: dropped,
    missing_days: missing,
  };
}
const CASE_MOVES_SINCE = `select a.changes -> 'status' ->> 'to' as stage, c.currency, count(*)::int as n,
               coalesce(sum(c.funding), 0)::float8 as funding
          from "activity_logs" a join "cases" c on c.id = a.entity_id
         where a.entity_type = 'case' and a.action = 'stage'
           and a.created_at >= ($1::date::timestamp at time zone $2)
           and c.is_deleted = false
         group by 1, 2`;
const movesOf = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({
    stage: String(r.stage),
    n: Number(r.n),
    amounts: { [String(r.currency)]: Number(r.funding) },
  }));

app.get('/raw/reports/cases/summary', async () => {
  const today = todayIn(TIME_ZONE);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const lastStored = addDays(today, -1);
  const stored = yearStart <= lastStored;
  const [stages, missing, moveRows, todayMoves] = await Promise.all([
    query(
      `select "status", "currency", "n", "fund_raising" from "case_stage_totals" where "case_stage_totals"."is_deleted" = $1`,
      [false],
    ),
    stored
      ? query(
          `select d::date::text as day from generate_series($1::date, $2::date, interval '1 day') d
         where not exists (select 1 from "report_snapshot_days" s where s.day = d::date)
         order by 1`,
          [yearStart, lastStored],
        )
      : Promise.resolve([]),
    // The year's moves into after_invest and drop, summed per key and currency in SQL.
    stored
      ? query(
          `select "report_snapshots"."key" as key, sum("report_snapshots"."n")::int as n,
               (select coalesce(jsonb_object_agg(t.currency, t.amount), '{}'::jsonb)
                  from (select e.key as currency, sum(e.value::numeric)::float8 as amount
                          from jsonb_array_elements(jsonb_agg("report_snapshots"."amounts")
                                 filter (where "report_snapshots"."amounts" <> '{}'::jsonb)) as x,
                               jsonb_each_text(x) as e
                         group by 1) t) as amounts
          from "report_snapshots"
         where "report_snapshots"."dimension" = $1 and "report_snapshots"."day" between $2 and $3
           and "report_snapshots"."key" in ($4, $5)
         group by 1`,
          ['cases.moves', yearStart, lastStored, 'after_invest', 'drop'],
        )
      : Promise.resolve([]),
    query(CASE_MOVES_SINCE, [today, TIME_ZONE]),
  ]);
  const moves = [
    ...moveRows.map((r) => ({
      stage: String(r.key),
      n: Number(r.n),
      amounts: r.amounts as Record<string, number>,
    })),
    ...movesOf(todayMoves),
  ];
  return {
    data: caseSummary(
      stages,
      moves,
      missing.map((r) => String(r.day)),
    ),
  };
});
app.get('/raw/live/cases/summary', async () => {
  const today = todayIn(TIME_ZONE);
  // Cases by stage from the cases table, and every stage move since 1 January (report time zone).
  const [stages, moves] = await Promise.all([
    query(
      `select status, currency, count(*)::int as n, coalesce(sum(fund_raising), 0) as fund_raising
         from cases where not is_deleted group by 1, 2`,
      [],
    ),
    query(CASE_MOVES_SINCE, [`${today.slice(0, 4)}-01-01`, TIME_ZONE]),
  ]);
  return { data: caseSummary(stages, movesOf(moves), []) };
});

/** Groups of clients as ours shapes them for an admin (every contact stage), largest first. */
function clientGroups(rows: Record<string, unknown>[], names?: Map<string, string>) {
  const groups = new Map<
    string,
    {
      key: string;
      name: string | null;
      count: number;
      stages: Record<string, number>;
      check_size: Record<string, number>;
    }
  >();
  for (const r of rows) {
    const n = Number(r.n);
    const stage = String(r.stage);
    if (!CONTACT_STAGES.includes(stage) || n === 0) continue;
    const key = String(r.key);
    const g = groups.get(key) ?? { key, name: null, count: 0, stages: {}, check_size: {} };
    groups.set(key, g);
    g.stages[stage] = (g.stages[stage] ?? 0) + n;
    g.count += n;
    addTo(g.check_size, String(r.currency), Number(r.amount));
  }
  const result = [...groups.values()];
  if (names) for (const g of result) g.name = g.key ? (names.get(g.key) ?? null) : null;
  return {
    ...asOfToday(),
    stages: CONTACT_STAGES,
    result: result.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)),
  };
}
const CLIENT_KEY = { owner: `coalesce(c.employee_id::text, '')`, type: 'c.membership', domain: 'd.k' };
const liveClientGroups = (by: keyof typeof CLIENT_KEY) =>
  query(
    `select ${CLIENT_KEY[by]} as key, c.process_status as stage, c.currency, count(*)::int as n,
            coalesce(sum(c.check_size), 0) as amount
       from clients c${
         by === 'domain'
           ? ` cross join lateral (select distinct k from jsonb_array_elements_text(
                 case when jsonb_typeof(c.domain_keys) = 'array' and jsonb_array_length(c.domain_keys) > 0
                      then c.domain_keys else '[""]'::jsonb end) k) d`
           : ''
       }
      where not c.is_deleted and c.process_status = any($1) group by 1, 2, 3`,
    [CONTACT_STAGES],
  );

app.get('/raw/reports/client/ao', async () => {
  const rows = await liveGroups('clients.owner');
  return { data: clientGroups(rows, await employeeNames(namedKeys(rows))) };
});
app.get('/raw/live/client/ao', async () => {
  const rows = await liveClientGroups('owner');
  return { data: clientGroups(rows, await employeeNames(namedKeys(rows))) };
});
app.get('/raw/reports/client/type', async () => ({ data: clientGroups(await liveGroups('clients.type')) }));
app.get('/raw/live/client/type', async () => ({ data: clientGroups(await liveClientGroups('type')) }));
app.get('/raw/reports/client/domain', async () => ({
  data: clientGroups(await liveGroups('clients.domain')),
}));
app.get('/raw/live/client/domain', async () => ({ data: clientGroups(await liveClientGroups('domain')) }));

app.get<{ Querystring: Record<string, string> }>('/raw/reports/client/status', async (request) => ({
  data: await storedSeries(
    request.query,
    'clients.status',
    `select "process_status", "n", "check_size" from "client_stage_totals" where "client_stage_totals"."is_deleted" = $1`,
    'process_status',
    CONTACT_STAGES,
  ),
}));

app.get<{ Querystring: Record<string, string> }>('/raw/live/client/status', async (request) => {
  const { today, start, end } = period(request.query);
  // As /raw/live/cases/status: each client's stays (its first stage, then one per contact move).
  const rows = await query(
    `with moves as (
       select entity_id as id, created_at as at, changes -> 'process_status' ->> 'from' as f,
              changes -> 'process_status' ->> 'to' as t
         from activity_logs where entity_type = 'client' and action = 'client.move'),
     stays as (
       select c.id, coalesce((select m.f from moves m where m.id = c.id order by m.at limit 1), c.process_status) as stage,
              c.created_at as since, coalesce((select min(m.at) from moves m where m.id = c.id), 'infinity') as until
         from clients c where not c.is_deleted
       union all
       select m.id, m.t, m.at, coalesce(lead(m.at) over (partition by m.id order by m.at), 'infinity')
         from moves m join clients c on c.id = m.id and not c.is_deleted),
     days as (select d::date as day, ((d::date + 1)::timestamp at time zone $3) as e
                from generate_series($1::date, $2::date, interval '1 day') d)
     select d.day::text as day, s.stage, count(*)::int as n
       from days d join stays s on s.since < d.e and s.until >= d.e
      group by d.day, s.stage`,
    [start, end, TIME_ZONE],
  );
  const live = new Map<string, number>();
  for (const r of rows) if (dayText(r.day) === today) live.set(String(r.stage), Number(r.n));
  return { data: statusSeries(start, end, new Set(daysFrom(start, end)), rows, live, CONTACT_STAGES) };
});

/** A history entry as ours presents it, with the names its changes mention. */
function activityEntry(r: Record<string, unknown>, names: Record<string, Record<string, unknown>>) {
  return {
    id: Number(r.id),
    action: r.action,
    actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
    changes: r.changes,
    reason: r.reason,
    created_at: (r.created_at as Date).toISOString(),
    ...names,
  };
}

// The client activity feed's first page, as ours runs it for an admin (every contact stage, deleted
// clients too): the entries with their client, the count up to 10,000, then the owners named.
app.get('/raw/reports/clientActivity', async () => {
  const where = `("activity_logs"."entity_type" = $1 and "clients"."process_status" = any($2))`;
  const [rows, total] = await Promise.all([
    query(
      `select "activity_logs"."id", "activity_logs"."action", "activity_logs"."actor_type", "activity_logs"."actor_id", case "activity_logs"."actor_type"
    when 'employee' then (select "employees"."name" from "employees" where "employees"."id" = "activity_logs"."actor_id")
    when 'client' then (select "clients"."name" from "clients" where "clients"."id" = "activity_logs"."actor_id")
    when 'startup' then (select "startup_users"."name" from "startup_users" where "startup_users"."id" = "activity_logs"."actor_id")
  end as actor_name, "activity_logs"."changes", "activity_logs"."reason", "activity_logs"."created_at", "clients"."id" as client_id, "clients"."name" as client_name, "clients"."process_status" as client_stage, "clients"."is_deleted" as client_deleted from "activity_logs" inner join "clients" on "clients"."id" = "activity_logs"."entity_id" where ${where} order by "activity_logs"."created_at" desc, "activity_logs"."id" desc limit $3 offset $4`,
      ['client', CONTACT_STAGES, 10, 0],
    ),
    query(
      `select count(*)::int as n from (select 1 from "activity_logs" join "clients" on "clients"."id" = "activity_logs"."entity_id" where ${where} limit $3) t`,
      ['client', CONTACT_STAGES, 10_000],
    ),
  ]);
  // The owners an owner change names (from and to).
  const ownerIds = (r: Record<string, unknown>) => {
    const change = (r.changes as Record<string, { from: unknown; to: unknown }>).employee_id;
    return change ? [change.from, change.to].filter((v) => typeof v === 'number').map(String) : [];
  };
  const names = await employeeNames([...new Set(rows.flatMap(ownerIds))]);
  return {
    data: {
      result: rows.map((r) => ({
        ...activityEntry(r, {
          client_names: {},
          employee_names: Object.fromEntries(
            ownerIds(r).flatMap((id) => (names.has(id) ? [[id, names.get(id)]] : [])),
          ),
        }),
        client: {
          id: r.client_id,
          name: r.client_name,
          process_status: r.client_stage,
          is_deleted: r.client_deleted,
        },
      })),
      count: Number(total[0]?.n ?? 0),
    },
  };
});
// The card list of issue 11 as our route runs it for a staff member who is not admin: the cards
// whose readers hold them (migration 0036), searched through the grams (one GIN index holds both),
// a page by name and the count. As ours: the order is an expression, so that the readable cards are
// found through the index and sorted, never cards_name_idx walked; the card's columns but readers.
const CARD_READABLE = `"cards"."readers" @> array[$1]::int[]`;
const BUSINESS_CARD_COLUMNS = `"cards"."id", "cards"."name", "cards"."company", "cards"."title", "cards"."phones",
  "cards"."emails", "cards"."address", "cards"."notes", "cards"."tags", "cards"."image_key", "cards"."image_mime",
  "cards"."image_size", "cards"."image_sha256", "cards"."image_updated_at", "cards"."owner_id", "cards"."created_at",
  "cards"."updated_at"`;
app.get<{ Querystring: Record<string, string> }>('/raw/cards', async (request) => {
  const q = request.query;
  const size = Number(q.size ?? 20);
  const page = Number(q.page ?? 1);
  const params: unknown[] = [Number(q.viewer)];
  const conds = [CARD_READABLE];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(q.q, like);
    const n = params.length;
    conds.push(
      `case_search_grams("cards"."name" || E'\\n' || coalesce("cards"."company", '') || E'\\n' || "cards"."emails"::text || E'\\n' || "cards"."phones"::text) @> case_search_grams($${n - 1})`,
      `("cards"."name" ilike $${n} or "cards"."company" ilike $${n} or "cards"."emails"::text ilike $${n} or "cards"."phones"::text ilike $${n})`,
    );
  }
  const where = conds.join(' and ');
  // As ours: the matches found, counted and cut to the page in one statement, then the page's rows
  // described; a page past the end is counted apart.
  const rows = await query(
    `select ${BUSINESS_CARD_COLUMNS}, "employees"."name", (select "card_grants"."permission" from "card_grants" where "card_grants"."card_id" = "cards"."id" and "card_grants"."employee_id" = $1),
      (select coalesce(json_agg(json_build_object('id', "card_groups"."id", 'name', "card_groups"."name") order by lower("card_groups"."name"), "card_groups"."id"), '[]'::json)
         from "card_group_members" join "card_groups" on "card_groups"."id" = "card_group_members"."group_id" where "card_group_members"."card_id" = "cards"."id"),
      "found"."total"
      from (select "cards"."id" as found_id, count(*) over () as total from "cards"
             where ${where} order by ("cards"."name" || '') asc, "cards"."id" asc limit $${params.length + 1} offset $${params.length + 2}) "found"
      inner join "cards" on "cards"."id" = "found"."found_id" left join "employees" on "employees"."id" = "cards"."owner_id"
      order by ("cards"."name" || '') asc, "cards"."id" asc`,
    [...params, size, (page - 1) * size],
  );
  const total =
    rows[0]?.total ??
    (page > 1 ? (await query(`select count(*) from "cards" where ${where}`, params))[0]?.count : 0);
  return { data: { result: rows, count: Number(total ?? 0) } };
});

// The case activity feed's first page: the same SQL as ours (the entries with their case, and
// the count up to 10,000).
app.get('/raw/reports/caseActivity', async () => {
  const [rows, total] = await Promise.all([
    query(
      `select "activity_logs"."id", "activity_logs"."action", "activity_logs"."actor_type", "activity_logs"."actor_id", case "activity_logs"."actor_type"
      when 'employee' then (select "employees"."name" from "employees" where "employees"."id" = "activity_logs"."actor_id")
      when 'client' then (select "clients"."name" from "clients" where "clients"."id" = "activity_logs"."actor_id")
      when 'startup' then (select "startup_users"."name" from "startup_users" where "startup_users"."id" = "activity_logs"."actor_id")
    end as actor_name, "activity_logs"."changes", "activity_logs"."reason", "activity_logs"."created_at", "cases"."id" as case_id, "cases"."name" as case_name, "cases"."status" as case_status, "cases"."is_deleted" as case_deleted from "activity_logs" inner join "cases" on "cases"."id" = "activity_logs"."entity_id" where "activity_logs"."entity_type" = $1 order by "activity_logs"."created_at" desc, "activity_logs"."id" desc limit $2 offset $3`,
      ['case', 10, 0],
    ),
    query(
      `select count(*)::int as n from (select 1 from "activity_logs" join "cases" on "cases"."id" = "activity_logs"."entity_id" where "activity_logs"."entity_type" = $1 limit $2) t`,
      ['case', 10_000],
    ),
  ]);
  // Shaped as ours presents it. Ours also names the clients an entry's changes mention (one more
  // query); the bench's history names none on page 1, so neither side asks.
  const result = rows.map((r) => ({
    ...activityEntry(r, { client_names: {} }),
    case: { id: r.case_id, name: r.case_name, status: r.case_status, is_deleted: r.case_deleted },
  }));
  return { data: { result, count: Number(total[0]?.n ?? 0) } };
});

await app.listen({ port, host: '127.0.0.1' });
console.log(`raw server on ${port}`);
