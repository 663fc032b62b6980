// The yardstick for bench/load.ts: a minimal Fastify + pg (or PGlite) server that runs the same
// SQL as our case routes, with no auth, validation, schemas or layers. Our routes are measured
// against it: whatever it costs on top of this is the price of our architecture.
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
  });
  query = async (text, params) => (await pool.query(text, params)).rows;
} else {
  const db = await PGlite.create(`${process.env.DATA_DIR ?? './data'}/pgdata`);
  query = async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

const COLUMNS = `c.id, c.name, c.status, c.ao_id, e.name as ao_name, c.agent_ids, c.currency, c.source, c.round,
  c.pre_money, c.fund_raising, c.funding, c.domain_keys, c.rating_ao_score, c.rating_ir_score, c.is_deleted,
  c.created_at, c.updated_at`;

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
      `select ${COLUMNS} from cases c left join employees e on e.id = c.ao_id
       where c.id in (select c.id from cases c where ${where} order by c.created_at desc, c.id desc
                      limit ${size} offset ${(page - 1) * size})
       order by c.created_at desc, c.id desc`,
      params,
    ),
    query(countSql, q.keyword ? params : params.slice(0, q.status && q.status !== 'all' ? 1 : 0)),
  ]);
  return { data: { result: rows, count: total[0]?.n ?? 0 } };
});

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
  const [rows, total] = await Promise.all([
    query(
      `select l.*, case l.actor_type when 'employee' then (select name from employees where id = l.actor_id) end as actor_name
       from activity_logs l where l.entity_type = 'case' and l.entity_id = $1
       order by l.created_at desc, l.id desc limit 20 offset ${offset}`,
      [id],
    ),
    query(`select count(*)::int as n from activity_logs where entity_type = 'case' and entity_id = $1`, [id]),
  ]);
  return { data: { result: rows, count: total[0]?.n ?? 0 } };
});

await app.listen({ port, host: '127.0.0.1' });
console.log(`raw server on ${port}`);
