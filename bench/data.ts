// Bench data generator: `npm run bench:data -- --cases 100000 --clients 50000 --logs 1000000 --cards 100000`.
// Fills the database named by DATABASE_URL (or the embedded one under DATA_DIR) with realistic
// rows using set-based SQL, so 100k cases and 1M log rows take seconds, not minutes.
// `--snapshots-only` adds (or redoes) only the reports' daily snapshots of the rows already there.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { REPORT_MAX_DAYS } from '@dealflow/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '50000' },
    logs: { type: 'string', default: '1000000' },
    employees: { type: 'string', default: '40' },
    threads: { type: 'string', default: '20000' },
    cards: { type: 'string', default: '100000' },
    'snapshots-only': { type: 'boolean', default: false },
  },
});
const n = (v: string | undefined) => Math.max(0, Number.parseInt(v ?? '0', 10));
const counts = {
  cases: n(values.cases),
  clients: n(values.clients),
  logs: n(values.logs),
  employees: n(values.employees),
  threads: n(values.threads),
  cards: n(values.cards),
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

if (!values['snapshots-only']) {
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
    sql`insert into clients (email, name, phone, membership, process_status, domain_keys, industry_keys,
                           employee_id, check_size, currency, type, expiry_at, next_step, stage_entered_at)
      select 'bench-client-' || g || '-' || floor(random() * 1e9)::bigint || '@bench.example',
             (array['王','李','張','劉','陳','楊','黃','趙','吳','周'])[1 + g % 10] || '投資人' || g,
             '09' || lpad((g * 7919 % 100000000)::text, 8, '0'),
             (array['gp','ic','panel','lp_cvc_co_invest','lp_cvc','paid_co_invest','paid','general'])[1 + g % 8],
             (array['p0','p1','p2','p3','p4','p5','p6','drop'])[1 + (g / 7)::int % 8],
             jsonb_build_array((array['ai','biotech','fintech','greentech','healthcare'])[1 + g % 5]),
             jsonb_build_array((array['semiconductor','software','medical','energy','retail'])[1 + g % 5]),
             (select id from employees order by random() limit 1),
             (1 + g % 50) * 100000, case when g % 12 = 0 then 'USD' else 'NTD' end,
             (array['Lead Angel','個人投資人','企業創投','家族辦公室'])[1 + g % 4],
             now() + ((g % 730) - 60) * interval '1 day',
             '安排第 ' || (g % 9 + 1) || ' 次案件說明會',
             now() - (g % 400) * interval '1 day'
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
  // Sub-resources of a case. The busy case (the lowest live case id in the database) gets what the
  // management page of a busy case shows: 30 to-dos, 20 events, 40 comments, 10 info updates, 10
  // maintenances, 5 shareholder histories, 15 roles, 20 due-diligence comments and 300 extra history
  // rows (so it is also the case with the most history). One case in ten gets one row of each kind,
  // so the lists read through their indexes rather than scanning a small table.
  const busyCase = async () => {
    const r = (
      (await db.execute(sql`select min(id)::int as id from cases where is_deleted = false`)) as unknown as {
        rows: Array<{ id: number | null }>;
      }
    ).rows;
    return r[0]?.id ?? null;
  };
  const busy = counts.cases > 0 ? await busyCase() : null;
  if (busy !== null) {
    // The busy case's rows (`g` numbers them) and one row for every tenth case of this run.
    const rows = (perBusy: number) => sql`(
      select ${busy}::int as case_id, g from generate_series(1, ${perBusy}) g
      union all
      select c.id, 0 from cases c where c.id > ${busy} and c.id % 10 = 0)`;
    const staff = sql`(select array_agg(id order by id) ids from employees)`;
    await step(
      'case to-dos',
      sql`insert into case_todos (case_id, title, content, due_at, done, assignee_id, created_by, created_at)
        select r.case_id, '待辦 ' || r.g || '：確認財務資料', '請於期限前補齊文件',
               case when r.g % 4 = 3 then null else now() + (r.g - 10) * interval '1 day' end,
               r.g % 3 = 0, s.ids[1 + (r.case_id + r.g) % array_length(s.ids, 1)],
               s.ids[1 + r.case_id % array_length(s.ids, 1)], now() - r.g * interval '1 hour'
        from ${rows(30)} r, ${staff} s`,
    );
    await step(
      'case calendars',
      sql`insert into case_calendars (case_id, title, start_at, end_at, location, created_by)
        select r.case_id, '會議 ' || r.g, now() + (r.g - 10) * interval '1 day',
               now() + (r.g - 10) * interval '1 day' + interval '1 hour', '台北辦公室',
               s.ids[1 + r.case_id % array_length(s.ids, 1)]
        from ${rows(20)} r, ${staff} s`,
    );
    await step(
      'case comments',
      sql`insert into case_comments (case_id, type, title, comment, publish_at, created_by)
        select r.case_id, case when r.g % 8 = 7 then 'news' else 'invest_comment' end, '評論 ' || r.g,
               '團隊執行力佳，市場規模需再驗證。', now() - r.g * interval '1 day',
               s.ids[1 + (r.case_id + r.g) % array_length(s.ids, 1)]
        from ${rows(40)} r, ${staff} s`,
    );
    await step(
      'case info updates',
      sql`insert into case_info_updates (case_id, title, content, created_by, created_at)
        select r.case_id, '近況更新 ' || r.g, '本月營收成長，完成新產品上線。',
               s.ids[1 + r.case_id % array_length(s.ids, 1)], now() - r.g * interval '7 days'
        from ${rows(10)} r, ${staff} s`,
    );
    await step(
      'case maintenances',
      sql`insert into case_maintenances (case_id, title, content, date, created_by)
        select r.case_id, '投後追蹤 ' || r.g, '季度訪談紀錄', current_date - r.g * 30,
               s.ids[1 + r.case_id % array_length(s.ids, 1)]
        from ${rows(10)} r, ${staff} s`,
    );
    await step(
      'case shareholder histories',
      sql`insert into case_shareholder_histories (case_id, title, shareholders, created_by, created_at)
        select r.case_id, '股權結構 ' || r.g,
               jsonb_build_array(jsonb_build_object('name', '創辦人', 'shares', 600000 - r.g * 10000),
                                 jsonb_build_object('name', '天使投資人', 'shares', 200000 + r.g * 10000),
                                 jsonb_build_object('name', '員工認股', 'shares', 100000)),
               s.ids[1 + r.case_id % array_length(s.ids, 1)], now() - r.g * interval '90 days'
        from ${rows(5)} r, ${staff} s`,
    );
    await step(
      'case due-diligence comments',
      sql`with cl as (select min(id) lo, max(id) hi from clients)
        insert into case_dd_comments (case_id, client_id, content, created_by, created_at)
        select r.case_id, case when r.g % 2 = 0 then cl.lo + (r.case_id + r.g) % (cl.hi - cl.lo + 1) end,
               '盡職調查：財報與合約已核對。', s.ids[1 + r.case_id % array_length(s.ids, 1)],
               now() - r.g * interval '2 days'
        from ${rows(20)} r, ${staff} s, cl where cl.lo is not null`,
    );
    // Roles: 15 distinct clients on the busy case (a lead, 4 panel, 5 co-investors, 3 observers,
    // 2 advisors), one co-investor on every tenth case; fund_info is rebuilt from them, as the
    // role service keeps the two in step.
    await step(
      'case roles',
      sql`with cl as (select min(id) lo, max(id) hi from clients)
        insert into case_roles (case_id, client_id, role, invest_money, created_by)
        select r.case_id, cl.lo + (r.case_id * 7 + r.g) % (cl.hi - cl.lo + 1),
               case when r.case_id <> ${busy} then 'co_invest'
                    when r.g = 1 then 'lead_angel' when r.g <= 5 then 'panel' when r.g <= 10 then 'co_invest'
                    when r.g <= 13 then 'observer' else 'advisor' end,
               case when r.g <= 10 then (1 + r.g % 5) * 1000000 end,
               s.ids[1 + r.case_id % array_length(s.ids, 1)]
        from ${rows(15)} r, ${staff} s, cl where cl.lo is not null`,
    );
    await step(
      'case fund_info',
      sql`update cases c set fund_info = jsonb_build_object(
          'lead_angel', (select client_id from case_roles where case_id = c.id and role = 'lead_angel'),
          'panel', coalesce((select jsonb_agg(client_id order by id) from case_roles where case_id = c.id and role = 'panel'), '[]'),
          'co_invest', coalesce((select jsonb_agg(client_id order by id) from case_roles where case_id = c.id and role = 'co_invest'), '[]'),
          'observer', coalesce((select jsonb_agg(client_id order by id) from case_roles where case_id = c.id and role = 'observer'), '[]'),
          'advisor', coalesce((select jsonb_agg(client_id order by id) from case_roles where case_id = c.id and role = 'advisor'), '[]'))
        where c.id in (select distinct case_id from case_roles)`,
    );
    await step(
      'busy case history (300)',
      sql`insert into activity_logs (actor_type, actor_id, entity_type, entity_id, action, changes, created_at)
        select 'employee', null, 'case', ${busy}, 'update',
               jsonb_build_object('round', jsonb_build_object('from', 'Seed', 'to', 'Pre-A')),
               now() - g * interval '10 minutes'
        from generate_series(1, 300) g`,
    );
    console.log(`busy case: ${busy}`);
  }
  // Sub-resources of a client: every client gets 2 contact records, one in five a to-do and an
  // interest in a case, one in ten an investment account, so the client page's lists read through
  // their indexes. Roles on cases were made above.
  if (counts.clients > 0) {
    const staff = sql`(select array_agg(id order by id) ids from employees where role in ('admin','ir','sa'))`;
    await step(
      'client contact records',
      sql`insert into client_contacts (client_id, contact_at, channel, summary, employee_id, created_by)
        select c.id, now() - (c.id % 300 + g) * interval '1 day',
               (array['phone','meeting','mail','message','event'])[1 + (c.id + g) % 5],
               '聯繫紀錄 ' || g || '：討論近期案件與投資意向。', s.ids[1 + c.id % array_length(s.ids, 1)],
               s.ids[1 + c.id % array_length(s.ids, 1)]
        from clients c, generate_series(1, 2) g, ${staff} s`,
    );
    await step(
      'client to-dos',
      sql`insert into client_todos (client_id, title, due_at, done, assignee_id, created_by)
        select c.id, '回覆投資人提問', now() + (c.id % 30 - 10) * interval '1 day', c.id % 3 = 0,
               s.ids[1 + c.id % array_length(s.ids, 1)], s.ids[1 + c.id % array_length(s.ids, 1)]
        from clients c, ${staff} s where c.id % 5 = 0`,
    );
    await step(
      'client interests',
      sql`with cs as (select min(id) lo, max(id) hi from cases)
        insert into client_interests (client_id, case_id, level, amount, created_by)
        select c.id, cs.lo + (c.id * 13) % (cs.hi - cs.lo + 1), 1 + c.id % 3, (1 + c.id % 20) * 500000,
               s.ids[1 + c.id % array_length(s.ids, 1)]
        from clients c, cs, ${staff} s where c.id % 5 = 0 and cs.lo is not null
        on conflict do nothing`,
    );
    await step(
      'client accounts',
      sql`insert into client_accounts (client_id, holder_name, kind, tax_id, bank_name, bank_account, is_default, created_by)
        select c.id, c.name, case when c.id % 4 = 0 then 'company' else 'individual' end,
               lpad((c.id * 31 % 100000000)::text, 8, '0'), '台灣銀行', lpad((c.id * 97)::text, 12, '0'), true,
               s.ids[1 + c.id % array_length(s.ids, 1)]
        from clients c, ${staff} s where c.id % 10 = 0`,
    );
  }
  // The business-card book (issue 11): cards spread over the staff as owners, Chinese names (one-
  // and two-character searches must use the gram index), each shared read with one other colleague
  // and every tenth also edit with a second.
  if (counts.cards > 0) {
    const staff = sql`(select array_agg(id order by id) ids from employees)`;
    await step(
      `cards (${counts.cards})`,
      sql`insert into cards (name, company, title, phones, emails, tags, notes, owner_id, created_at, updated_at)
        select (array['陳','林','黃','張','李','王','吳','劉','蔡','楊'])[1 + g % 10]
                 || (array['志明','怡君','雅婷','家豪','淑芬','建宏','美玲','俊傑','宗翰','佳穎'])[1 + (g / 10) % 10] || g,
               (array['台灣創新創投','周氏聯合法律事務所','林記會計師事務所','微光科技','遠見資本'])[1 + g % 5] || ' ' || (g % 997),
               (array['合夥人','律師','會計師','執行長','投資經理'])[1 + g % 5],
               jsonb_build_array('09' || lpad((g * 7919 % 100000000)::text, 8, '0')),
               jsonb_build_array('card-' || g || '@bench.example'),
               jsonb_build_array((array['共同投資','律師','會計','新創','LP'])[1 + g % 5]),
               '在第 ' || (g % 50 + 1) || ' 屆投資論壇認識',
               s.ids[1 + g % array_length(s.ids, 1)],
               now() - (g % 700) * interval '1 day', now() - (g % 300) * interval '1 day'
        from generate_series(1, ${counts.cards}) g, ${staff} s`,
    );
    await step(
      'card grants',
      sql`insert into card_grants (card_id, employee_id, permission)
        select c.id, s.ids[1 + (c.id + 7) % array_length(s.ids, 1)], 'read' from cards c, ${staff} s
          where s.ids[1 + (c.id + 7) % array_length(s.ids, 1)] <> c.owner_id
        union all
        select c.id, s.ids[1 + (c.id + 13) % array_length(s.ids, 1)], 'edit' from cards c, ${staff} s
          where c.id % 10 = 0 and s.ids[1 + (c.id + 13) % array_length(s.ids, 1)] <> c.owner_id
        on conflict do nothing`,
    );
  }
}
// Service message threads (issue 11): 10 messages each, alternating sides, on clients spread over
// the book; the last message's time, side and preview go on the thread row as the app writes them.
if (!values['snapshots-only'] && counts.threads > 0 && counts.clients > 0) {
  await step(
    `service threads (${counts.threads})`,
    sql`with cl as (select min(id) lo, max(id) hi from clients)
      insert into service_threads (client_id, subject, message_count, last_message_at, last_from, created_at)
      select cl.lo + (g * 7) % (cl.hi - cl.lo + 1), '投資問題 ' || g, 10,
             now() - (g % 5000) * interval '17 minutes',
             case when g % 3 = 0 then 'client' else 'employee' end,
             now() - (g % 5000) * interval '17 minutes' - interval '10 days'
      from generate_series(1, ${counts.threads}) g, cl`,
  );
  await step(
    'service messages (10 per thread)',
    sql`with staff as (select array_agg(id order by id) ids from employees where role in ('admin','ir'))
      insert into service_messages (thread_id, sender, employee_id, content, created_at)
      select t.id,
             case when (m % 2 = 0) = (t.last_from = 'employee') then 'employee' else 'client' end,
             case when (m % 2 = 0) = (t.last_from = 'employee') then s.ids[1 + t.id % array_length(s.ids, 1)] end,
             '第 ' || m || ' 則訊息：想了解案件的最新進度與下一次說明會的時間，謝謝。',
             t.last_message_at - (10 - m) * interval '1 day'
      from service_threads t, generate_series(1, 10) m, staff s`,
  );
  await step(
    'service threads: last message',
    sql`update service_threads t set last_message_id = m.id, last_preview = left(m.content, 140),
          last_employee_id = m.employee_id, staff_unread = (t.last_from = 'client' and t.id % 2 = 0)
        from (select distinct on (thread_id) id, thread_id, content, employee_id from service_messages
              order by thread_id, id desc) m
        where m.thread_id = t.id`,
  );
  // One statement per query: PGlite's extended protocol takes no scripts.
  await step('analyze service threads', sql`analyze service_threads`);
  await step('analyze service messages', sql`analyze service_messages`);
}
// The reports' daily snapshots (issue 10): every day the server keeps (REPORT_MAX_DAYS back to
// yesterday in the report time zone), as the daily job would store them, made in SQL from the
// groups of today (the trigger-kept totals) scaled from 40 % three years ago up to today, and a few
// stage moves a day. Cheap: one statement, ~1k rows a day.
const timeZone = config.reports.timeZone;
await step(
  `report snapshots (${REPORT_MAX_DAYS} days)`,
  sql`with days as (
        select d::date as day, (row_number() over (order by d))::numeric / ${REPORT_MAX_DAYS}::int as f
          from generate_series((now() at time zone ${timeZone})::date - ${REPORT_MAX_DAYS}::int,
                               (now() at time zone ${timeZone})::date - 1, interval '1 day') d),
      cells as (
        select 'cases.status' as dimension, '' as key, status as stage, sum(n)::int as n,
               jsonb_object_agg(currency, fund_raising) filter (where fund_raising <> 0) as amounts
          from case_stage_totals where not is_deleted group by status
        union all
        select 'clients.status', '', process_status, n, check_size from client_stage_totals where not is_deleted
        union all
        select dimension, key, stage, sum(n)::int, jsonb_object_agg(currency, amount) filter (where amount <> 0)
          from report_live_totals where n > 0 group by dimension, key, stage
        union all
        select 'cases.moves', s, s, 3, null from unnest(array['s1','s2','s3','s4','after_invest','drop']) s),
      scaled as (
        select c.dimension, d.day, c.key, c.stage,
               greatest(0, round(c.n * (0.4 + 0.6 * d.f) * (0.97 + 0.06 * ((extract(doy from d.day)::int * 7 + length(c.key)) % 10) / 10.0)))::int as n,
               coalesce((select jsonb_object_agg(k, round(v::numeric * (0.4 + 0.6 * d.f), 2))
                           from jsonb_each_text(c.amounts) as e(k, v)), '{}'::jsonb) as amounts
          from cells c cross join days d)
      insert into report_snapshots (dimension, day, key, stage, n, amounts)
      select * from scaled where n > 0
      on conflict (dimension, day, key, stage) do update set n = excluded.n, amounts = excluded.amounts`,
);
await step(
  'report snapshot days',
  sql`insert into report_snapshot_days (day, source)
      select d::date, 'bench' from generate_series((now() at time zone ${timeZone})::date - ${REPORT_MAX_DAYS}::int,
                                                   (now() at time zone ${timeZone})::date - 1, interval '1 day') d
      on conflict (day) do update set source = 'bench', computed_at = now()`,
);
// Vacuum too: a live database's autovacuum keeps the visibility map that index-only scans rely on.
if (values['snapshots-only'])
  await step('vacuum analyze (snapshots)', sql`vacuum analyze report_snapshots, report_snapshot_days`);
else await step('vacuum analyze', sql`vacuum analyze`);
console.log(`done in ${Math.round((performance.now() - started) / 1000)} s on ${database.kind}`);
await database.close();
