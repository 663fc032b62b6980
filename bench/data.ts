// Bench data generator: `npm run bench:data -- --cases 100000 --clients 50000 --logs 1000000`.
// Fills the database named by DATABASE_URL (or the embedded one under DATA_DIR) with realistic
// rows using set-based SQL, so 100k cases and 1M log rows take seconds, not minutes.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '50000' },
    logs: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '40' },
  },
});
const n = (v: string | undefined) => Math.max(0, Number.parseInt(v ?? '0', 10));
const counts = {
  cases: n(values.cases),
  clients: n(values.clients),
  logs: n(values.logs),
  employees: n(values.employees),
};

const config = loadConfig({ ...process.env, SEED_DEMO: 'false' });
const database = await openDatabase(config.database);
const db = database.db;
const started = performance.now();
const step = async (label: string, query: ReturnType<typeof sql>) => {
  const t = performance.now();
  await db.execute(query);
  console.log(`${label}: ${Math.round(performance.now() - t)} ms`);
};

// A fixed hash: bench accounts are never signed in with (the load script signs in as its own admin).
const hash = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';
await step(
  `employees (${counts.employees})`,
  sql`insert into employees (email, name, role, password_hash)
      select 'bench-staff-' || g || '-' || floor(random() * 1e9)::bigint || '@bench.example',
             '員工' || g, (array['admin','ao','ao','ao','ir','sa'])[1 + g % 6], ${hash}
      from generate_series(1, ${counts.employees}) g`,
);
await step(
  `clients (${counts.clients})`,
  sql`insert into clients (email, name, membership, process_status, domain_keys, industry_keys, employee_id)
      select 'bench-client-' || g || '-' || floor(random() * 1e9)::bigint || '@bench.example',
             (array['王','李','張','劉','陳','楊','黃','趙','吳','周'])[1 + g % 10] || '投資人' || g,
             (array['gp','ic','panel','lp_cvc_co_invest','lp_cvc','paid_co_invest','paid','general'])[1 + g % 8],
             (array['p0','p1','p2','p3','p4','p5','p6','drop'])[1 + (g / 7)::int % 8],
             jsonb_build_array((array['ai','biotech','fintech','greentech','healthcare'])[1 + g % 5]),
             '[]'::jsonb,
             (select id from employees order by random() limit 1)
      from generate_series(1, ${counts.clients}) g`,
);
await step(
  `cases (${counts.cases})`,
  sql`with staff as (select array_agg(id) ids from employees where role in ('admin','ao'))
      insert into cases (name, status, ao_id, agent_ids, currency, source, round, pre_money, fund_raising,
                         overview, domain_keys, created_at, updated_at, is_deleted)
      select (array['晶創','雲湧','綠循','樂齡','海研','微光','食安','城市','星河','量子','森活','藍鯨'])[1 + g % 12]
               || (array['生醫','智能','材料','科技','數據','半導體','物流','教育','金融'])[1 + (g / 12)::int % 9]
               || ' ' || g || ' 股份有限公司',
             (array['draft','s0','s1','s2','s3','s4','after_invest','finish','drop'])[1 + g % 9],
             staff.ids[1 + g % array_length(staff.ids, 1)],
             case when g % 5 = 0 then array[staff.ids[1 + (g + 1) % array_length(staff.ids, 1)]] else '{}'::integer[] end,
             case when g % 10 = 0 then 'USD' else 'NTD' end,
             (array['投資人推薦','加速器 Demo Day','官網投件','主動開發','合作創投共同投資'])[1 + g % 5],
             (array['Angel','Seed','Pre-A','A','B'])[1 + g % 5],
             (10 + g % 500) * 1000000, (1 + g % 100) * 1000000,
             '第 ' || g || ' 號案件：以創新技術解決產業痛點，團隊具備豐富經驗。',
             jsonb_build_array((array['ai','biotech','fintech','greentech','healthcare'])[1 + g % 5]),
             now() - (g % 1500) * interval '1 day' - (g % 86400) * interval '1 second',
             now() - (g % 700) * interval '1 day',
             g % 50 = 0
      from generate_series(1, ${counts.cases}) g, staff`,
);
await step(
  `activity logs (${counts.logs})`,
  sql`with bounds as (select min(id) lo, max(id) hi from cases)
      insert into activity_logs (actor_type, actor_id, entity_type, entity_id, action, changes, created_at)
      select 'employee', null, 'case', bounds.lo + (g % greatest(bounds.hi - bounds.lo + 1, 1)), 'update',
             jsonb_build_object('overview', jsonb_build_object('from', '舊版 ' || g, 'to', '新版 ' || g)),
             now() - (g % 1000) * interval '1 hour'
      from generate_series(1, ${counts.logs}) g, bounds`,
);
await step('analyze', sql`analyze`);
console.log(`done in ${Math.round((performance.now() - started) / 1000)} s on ${database.kind}`);
await database.close();
