// How long a new investor message takes to reach a second open inbox (issue 11: under 2 s), across
// two instances of the built server on one PostgreSQL database (LISTEN/NOTIFY, decision 0020).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:live
// Instance A takes the investor's posts (`POST api/internal/v1/services/{id}`); staff hold the live
// stream `GET api/internal/v2/live` open as the web does (its own fetch-based channel): an ir and an
// admin on instance B, the ir again on A. For each of BENCH_MESSAGES (100) messages, posted one at
// a time (the next 100 ms after the last reached every inbox), it times from the post leaving: the
// `service.message` event on each stream, and the unreplied inbox's first page that the page then
// refetches (on the stream's instance) until it shows the thread on top with that message. Then the
// same while autocannon asks B for that first page at BENCH_LOAD_RATE (200) req/s as the admin.
// Three warm-up messages per phase are not counted. A message that has not reached every stream
// and list within 10 s fails the run (exit 1). Results are printed and written to
// bench/out/live-<kind>-<time>.json. BENCH_PORT (3701) moves both instances (A on it, B next).
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { ServiceThread } from '@dealflow/domain';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { createLiveChannel, type LiveStatus } from '../apps/web/src/shared/live/liveChannel.ts';
import { startServer, stopServer } from './servers.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const WARM_UP = 3;
const GAP_MS = 100;
const LOAD_RATE = Number(process.env.BENCH_LOAD_RATE ?? 200);
const TARGET_MS = 2_000;
const GIVE_UP_MS = 10_000;
// Ports of the two instances (BENCH_PORT moves both: two benches on one machine must not meet).
const PORT_A = Number(process.env.BENCH_PORT ?? 3701);
const PORT_B = PORT_A + 1;
const SECRET = 'bench-secret-bench-secret-bench-secret-0000';
const PASSWORD = 'bench-password-1';
// Accounts of their own, so a bench:load running alongside neither shares streams nor a thread.
const IR_EMAIL = 'bench-live-ir@bench.example';
const ADMIN_EMAIL = 'bench-live-admin@bench.example';
const INVESTOR_EMAIL = 'bench-live-investor@bench.example';
const INBOX = '/api/internal/v1/services?type=unreplied&page=1&size=20';

const config = loadConfig({ ...process.env, SEED_DEMO: 'false', JWT_SECRET: SECRET });
const kind = config.database.kind;
if (kind !== 'postgres')
  throw new Error(
    'Set DATABASE_URL: two instances share one PostgreSQL database (the embedded one is per process).',
  );

// The staff and the investor to sign in as (upserted, active, this password).
const database = await openDatabase(config.database);
const hash = await hashPassword(PASSWORD);
for (const [email, name, role] of [
  [IR_EMAIL, '壓測投資人關係', 'ir'],
  [ADMIN_EMAIL, '壓測即時管理員', 'admin'],
] as const) {
  await database.db.execute(sql`insert into employees (email, name, role, password_hash) values (${email}, ${name}, ${role}, ${hash})
    on conflict (email) do update set password_hash = excluded.password_hash, status = 'active', role = ${role}`);
}
await database.db.execute(sql`insert into clients (email, name, membership, password_hash)
  values (${INVESTOR_EMAIL}, '壓測即時投資人', 'gp', ${hash})
  on conflict (email) do update set password_hash = excluded.password_hash, membership = 'gp', is_deleted = false,
    status = 'active', expiry_at = null`);
const [stats] = (
  (await database.db.execute(
    sql`select (select count(*)::int from service_threads) as threads, (select count(*)::int from service_messages) as messages`,
  )) as unknown as { rows: Array<{ threads: number; messages: number }> }
).rows;
await database.close();

const start = (port: number) => startServer(['node', 'apps/server/dist/main.js'], port, SECRET);
const stop = stopServer;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const baseA = `http://127.0.0.1:${PORT_A}`;
const baseB = `http://127.0.0.1:${PORT_B}`;
const servers: ChildProcess[] = [];
// A run that throws must not leave the detached servers behind.
process.on('exit', () => {
  for (const s of servers) if (s.exitCode === null && s.pid) process.kill(-s.pid, 'SIGTERM');
});
servers.push(await start(PORT_A), await start(PORT_B));

async function signIn(email: string, strategy: 'employees' | 'clients'): Promise<string> {
  const res = await fetch(`${baseA}/api/internal/v1/auth/${strategy}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { data: { token: string } }).data.token}`;
}
const irAuth = await signIn(IR_EMAIL, 'employees');
const adminAuth = await signIn(ADMIN_EMAIL, 'employees');
const investorAuth = await signIn(INVESTOR_EMAIL, 'clients');

/** When each message reached a stream (ms after its post left), and its inbox page after it. */
interface Arrival {
  event: number;
  list?: number;
  /** List calls until the thread was on top with the message (1: the first showed it). */
  lists: number;
}
/** One staff member's open inbox: the web's live channel, and the list it refetches on an event. */
interface Inbox {
  name: string;
  path: 'same instance' | 'across instances';
  base: string;
  auth: string;
  arrivals: Map<number, Arrival>;
  statuses: Array<{ at: number; status: LiveStatus }>;
  resets: number;
  close: () => void;
}

/** When each message's post left, by message id (its event may come before the post's answer). */
const postedAt = new Map<number, number>();
let sendingSince = 0;
const started = performance.now();
/** Set once the runs are over: the streams closing then are ours, not a drop. */
let closing = false;

async function openInbox(name: string, base: string, auth: string, path: Inbox['path']): Promise<Inbox> {
  const channel = createLiveChannel({ url: `${base}/api/internal/v2/live`, getAuthorization: () => auth });
  const inbox: Inbox = {
    name,
    path,
    base,
    auth,
    arrivals: new Map(),
    statuses: [],
    resets: 0,
    close: () => {},
  };
  channel.onStatus((status) => {
    if (!closing) inbox.statuses.push({ at: Math.round(performance.now() - started), status });
  });
  const opened = new Promise<void>((resolve) => channel.onStatus((s) => s === 'open' && resolve()));
  inbox.close = channel.subscribe((message) => {
    const now = performance.now();
    if (message.type === 'reset') {
      inbox.resets++;
      return;
    }
    if (message.type !== 'service.message' || message.from !== 'client') return;
    // The post's answer may come after its event: time from when the post left.
    const arrival: Arrival = { event: now, lists: 0 };
    inbox.arrivals.set(message.message_id, arrival);
    const sentAt = sendingSince;
    void refetchUntilOnTop(inbox, message.thread_id, message.message_id, arrival, sentAt);
  });
  await opened;
  return inbox;
}

/** The page's refetch after an event: the unreplied first page, until it shows the message on top. */
async function refetchUntilOnTop(
  inbox: Inbox,
  threadId: number,
  messageId: number,
  arrival: Arrival,
  sentAt: number,
) {
  while (performance.now() - sentAt < GIVE_UP_MS) {
    arrival.lists++;
    const res = await fetch(`${inbox.base}${INBOX}`, { headers: { authorization: inbox.auth } });
    const body = (await res.json()) as { data?: { result: ServiceThread[] } };
    const top = body.data?.result[0];
    if (res.ok && top?.id === threadId && top.messages[0]?.id === messageId) {
      arrival.list = performance.now();
      return;
    }
    await sleep(50);
  }
}

const inboxes = [
  await openInbox('ir on B', baseB, irAuth, 'across instances'),
  await openInbox('admin on B', baseB, adminAuth, 'across instances'),
  await openInbox('ir on A', baseA, irAuth, 'same instance'),
];

// The investor's thread: their newest, or one the first warm-up post starts.
const own = await fetch(`${baseA}/api/internal/v1/services?page=1&size=1`, {
  headers: { authorization: investorAuth },
});
let threadId = ((await own.json()) as { data: { result: ServiceThread[] } }).data.result[0]?.id ?? null;

/** One investor message; the time its post took and its id. */
async function post(text: string): Promise<{ id: number; ms: number }> {
  const t0 = performance.now();
  sendingSince = t0;
  const res = await fetch(`${baseA}/api/internal/v1/services${threadId === null ? '' : `/${threadId}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: investorAuth },
    body: JSON.stringify(threadId === null ? { subject: '即時壓測', content: text } : { content: text }),
  });
  if (!res.ok) throw new Error(`the investor's post: ${res.status} ${await res.text()}`);
  const thread = ((await res.json()) as { data: ServiceThread }).data;
  threadId = thread.id;
  const id = Math.max(...thread.messages.map((m) => m.id));
  postedAt.set(id, t0);
  return { id, ms: performance.now() - t0 };
}

interface Sample {
  post: number;
  /** Per inbox: ms from the post to the event and to the list showing it; null if never (10 s). */
  inboxes: Array<{ event: number | null; list: number | null; lists: number }>;
}

/** Posts `count` messages one at a time, each after every inbox has it (or 10 s), 100 ms apart. */
async function run(label: string, count: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const { id, ms } = await post(`${label} ${i + 1}/${count} ${new Date().toISOString()}`);
    const t0 = postedAt.get(id) ?? 0;
    while (
      performance.now() - t0 < GIVE_UP_MS &&
      !inboxes.every((inbox) => inbox.arrivals.get(id)?.list !== undefined)
    )
      await sleep(5);
    samples.push({
      post: ms,
      inboxes: inboxes.map((inbox) => {
        const a = inbox.arrivals.get(id);
        return {
          event: a ? a.event - t0 : null,
          list: a?.list !== undefined ? a.list - t0 : null,
          lists: a?.lists ?? 0,
        };
      }),
    });
    await sleep(GAP_MS);
  }
  return samples;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (n: number) => Math.round(n);
function summary(phase: string, what: string, values: Array<number | null>) {
  const got = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return {
    phase,
    path: what,
    n: got.length,
    missing: values.length - got.length,
    'p50 (ms)': ms(quantile(got, 0.5)),
    'p95 (ms)': ms(quantile(got, 0.95)),
    'p99 (ms)': ms(quantile(got, 0.99)),
    'max (ms)': ms(got.at(-1) ?? 0),
  };
}
function rowsOf(phase: string, samples: Sample[]) {
  const rows = [
    summary(
      phase,
      'investor post answered (A)',
      samples.map((s) => s.post),
    ),
  ];
  for (const [path, pick] of [
    ['event, same instance', (i: Inbox) => i.path === 'same instance'],
    ['event, across instances', (i: Inbox) => i.path === 'across instances'],
  ] as const) {
    const idx = inboxes.flatMap((inbox, n) => (pick(inbox) ? [n] : []));
    rows.push(
      summary(
        phase,
        path,
        samples.flatMap((s) => idx.map((n) => s.inboxes[n]!.event)),
      ),
    );
  }
  const across = inboxes.flatMap((inbox, n) => (inbox.path === 'across instances' ? [n] : []));
  const same = inboxes.flatMap((inbox, n) => (inbox.path === 'same instance' ? [n] : []));
  rows.push(
    summary(
      phase,
      'event + inbox refetch, same instance',
      samples.flatMap((s) => same.map((n) => s.inboxes[n]!.list)),
    ),
    summary(
      phase,
      'event + inbox refetch, across instances',
      samples.flatMap((s) => across.map((n) => s.inboxes[n]!.list)),
    ),
  );
  return rows;
}

console.log(
  `database: ${kind}, ${stats?.threads ?? 0} threads, ${stats?.messages ?? 0} messages; ${MESSAGES} messages per phase; instances A :${PORT_A}, B :${PORT_B}`,
);
await run('warm-up', WARM_UP);
const idle = await run('idle', MESSAGES);

// The same while B's inbox list is under a steady load (autocannon in this process, as the admin).
function startLoad() {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${baseB}${INBOX}`,
        headers: { authorization: adminAuth },
        connections: 10,
        overallRate: LOAD_RATE,
        // Stopped when the messages are through.
        duration: 3_600,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  return { stop: () => instance?.stop(), done };
}
const inboxLoad = startLoad();
await sleep(1_000);
await run('warm-up under load', WARM_UP);
const loaded = await run('under load', MESSAGES);
inboxLoad.stop();
const load = await inboxLoad.done;

closing = true;
for (const inbox of inboxes) inbox.close();
for (const server of servers) await stop(server);

const rows = [...rowsOf('idle', idle), ...rowsOf(`inbox list at ${LOAD_RATE} req/s on B`, loaded)];
console.table(rows);
const loadRow = {
  target: `${INBOX} on B`,
  'offered req/s': LOAD_RATE,
  'served req/s': Math.round(load.requests.average),
  'p50 (ms)': load.latency.p50,
  'p99 (ms)': load.latency.p99,
  'non-2xx': load.non2xx,
  errors: load.errors,
};
console.table([loadRow]);

// Anything odd on the streams: a status after the first connecting → open (a drop), or a reset.
const streams = inboxes.map((inbox) => ({
  stream: inbox.name,
  'status changes': inbox.statuses.map((s) => `${s.status}@${s.at}ms`).join(' '),
  resets: inbox.resets,
  'max list calls per message': Math.max(
    0,
    ...[...idle, ...loaded].map((s) => s.inboxes[inboxes.indexOf(inbox)]!.lists),
  ),
}));
console.table(streams);

const missing = rows.reduce((n, r) => n + r.missing, 0);
const worst = Math.max(
  ...rows.filter((r) => r.path.startsWith('event + inbox refetch')).map((r) => r['max (ms)']),
);
console.log(
  `target: a new message in a second open inbox (event + list) in under ${TARGET_MS} ms; worst ${worst} ms: ${
    missing === 0 && worst < TARGET_MS ? 'met' : 'NOT met'
  }`,
);
mkdirSync('bench/out', { recursive: true });
writeFileSync(
  `bench/out/live-${kind}-${new Date().toISOString().slice(0, 19)}.json`,
  JSON.stringify(
    {
      kind,
      database: stats,
      messages: MESSAGES,
      loadRate: LOAD_RATE,
      rows,
      load: loadRow,
      streams,
      targetMs: TARGET_MS,
    },
    null,
    2,
  ),
);
if (missing > 0) {
  console.error(`${missing} arrivals never came within ${GIVE_UP_MS / 1000} s`);
  process.exit(1);
}
