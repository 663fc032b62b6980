// Chaos probes that take too long for `npm test` (issue #7): the built server, supervised as
// `npm start` supervises it, on a PostgreSQL database of its own, while
//   1. the database terminates every connection once a second under 20 workers of reads and writes;
//   2. the server is killed with SIGKILL in the middle of 30 concurrent writers, several times;
//   3. bursts of concurrent sign-in guesses hit one account and one address.
// Figures are printed and written to bench/out/chaos.json. `npm run build -w @dealflow/server` first.
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/chaos.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.BENCH_PORT ?? 3411);
const BASE = `http://127.0.0.1:${PORT}`;
const TERMINATE_SECONDS = Number(process.env.CHAOS_TERMINATE_SECONDS ?? 20);
const KILL_CYCLES = Number(process.env.CHAOS_KILL_CYCLES ?? 10);
const DEMO_PASSWORD = 'chaos-demo-password';

const dbName = `dealflow_chaos_${Date.now()}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ── The server, under the same supervisor as `npm start` ───────────────────────────────────────
const proc: { supervisor: ChildProcess | null } = { supervisor: null };
let restarts = 0;
function startSupervised(): void {
  proc.supervisor = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      JWT_SECRET: 'chaos-secret-chaos-secret-chaos-secret-00',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '20',
      // The bursts below come from addresses of their own (X-Forwarded-For).
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  proc.supervisor.stderr?.on('data', (d: Buffer) => {
    const text = d.toString();
    restarts += (text.match(/stopped unexpectedly/g) ?? []).length;
    if (process.env.CHAOS_VERBOSE) process.stderr.write(text);
  });
}

async function serverPid(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const ps = spawn('pgrep', ['-P', String(proc.supervisor?.pid), '-f', 'dist/main.js']);
    const out = await new Promise<string>((r) => {
      let s = '';
      ps.stdout.on('data', (d) => {
        s += d;
      });
      ps.on('close', () => r(s));
    });
    const pid = Number(out.trim().split('\n')[0]);
    if (pid > 0) return pid;
    await sleep(50);
  }
  throw new Error('server process not found');
}

async function waitHealthy(timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error('server did not become healthy');
}

async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await fetch(`${BASE}/api/internal/v1/auth/employees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-in ${r.status}`);
  return ((await r.json()) as { data: { token: string } }).data.token;
}

type Tally = Record<string, number>;
const count = (t: Tally, key: string | number) => {
  t[key] = (t[key] ?? 0) + 1;
};

// ── 1. Terminated backends under load ───────────────────────────────────────────────────────────
async function terminateUnderLoad(token: string, caseId: number) {
  const statuses: Tally = {};
  const pid = await serverPid();
  let running = true;
  const worker = async (i: number) => {
    while (running) {
      const write = i % 2 === 1;
      try {
        const r = await fetch(
          write ? `${BASE}/api/internal/v1/cases/${caseId}/todo` : `${BASE}/api/internal/v2/cases?size=20`,
          {
            method: write ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            ...(write ? { body: JSON.stringify({ title: `chaos ${i}` }) } : {}),
          },
        );
        count(statuses, r.status);
        await r.arrayBuffer();
      } catch {
        count(statuses, 'network');
      }
    }
  };
  const workers = Array.from({ length: 20 }, (_, i) => worker(i));
  let terminated = 0;
  for (let s = 0; s < TERMINATE_SECONDS; s++) {
    await sleep(1000);
    terminated += await admin(async (c) => {
      const r = await c.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [dbName],
      );
      return r.rows[0].n as number;
    });
  }
  running = false;
  await Promise.all(workers);
  const samePid = (await serverPid()) === pid;
  return { seconds: TERMINATE_SECONDS, backends_terminated: terminated, statuses, server_survived: samePid };
}

// ── 2. kill -9 in the middle of writes ──────────────────────────────────────────────────────────
async function killCycles(token: string, caseId: number) {
  const acknowledged: number[] = [];
  const cycles: Array<{ back_in_ms: number }> = [];
  const statuses: Tally = {};
  for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
    let running = true;
    const writer = async (i: number) => {
      while (running) {
        try {
          const r = await fetch(`${BASE}/api/internal/v1/cases/${caseId}/todo`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `kill ${cycle}-${i}` }),
          });
          count(statuses, r.status);
          if (r.status === 200) acknowledged.push(((await r.json()) as { data: { id: number } }).data.id);
          else await r.arrayBuffer();
        } catch {
          count(statuses, 'network');
          await sleep(20);
        }
      }
    };
    const writers = Array.from({ length: 30 }, (_, i) => writer(i));
    await sleep(1500);
    process.kill(await serverPid(), 'SIGKILL');
    const killedAt = Date.now();
    await sleep(100);
    await waitHealthy();
    cycles.push({ back_in_ms: Date.now() - killedAt });
    await sleep(500);
    running = false;
    await Promise.all(writers);
  }
  const stored = await admin(async (c) => {
    const r = await c.query('select id from case_todos where id = any($1::int[])', [acknowledged]);
    return r.rowCount ?? 0;
  }, dbUrl);
  const backIn = cycles.map((c) => c.back_in_ms).sort((a, b) => a - b);
  return {
    cycles: KILL_CYCLES,
    restarts_seen: restarts,
    back_in_ms: { median: backIn[Math.floor(backIn.length / 2)], max: backIn[backIn.length - 1] },
    acknowledged_writes: acknowledged.length,
    acknowledged_writes_lost: acknowledged.length - stored,
    statuses,
  };
}

// ── 3. Concurrent sign-in guesses ───────────────────────────────────────────────────────────────
async function guess(email: string, password: string, address?: string): Promise<number> {
  const r = await fetch(`${BASE}/api/internal/v1/auth/employees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ email, password }),
  });
  await r.arrayBuffer();
  return r.status;
}

async function signInBursts() {
  const tally = (statuses: number[]) => {
    const t: Tally = {};
    for (const s of statuses) count(t, s);
    return t;
  };
  // 200 wrong passwords at once against one account (limit 5), each from its own address.
  const oneAccount = tally(
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        guess('sa@example.com', `wrong-${i}`, `10.1.${i >> 8}.${i & 255}`),
      ),
    ),
  );
  // 200 wrong passwords at once across accounts from one address (limit 20).
  const oneAddress = tally(
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => guess(`nobody-${i}@example.com`, `wrong-${i}`, '10.2.0.1')),
    ),
  );
  // The right password hidden in a burst of 25, once the account has reached its limit.
  for (let i = 0; i < 5; i++) await guess('ir@example.com', `wrong-${i}`, '10.3.0.1');
  const right = Math.floor(Math.random() * 25);
  const hidden = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      guess('ir@example.com', i === right ? DEMO_PASSWORD : `wrong-${i}`, `10.3.1.${i}`),
    ),
  );
  return {
    one_account_200_guesses: oneAccount,
    one_address_200_guesses_across_accounts: oneAddress,
    right_password_in_burst_after_limit: { statuses: tally(hidden), signed_in: hidden[right] === 200 },
  };
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────
await admin((c) => c.query(`create database ${dbName}`));
const results: Record<string, unknown> = { database: 'postgres', started_at: new Date().toISOString() };
try {
  startSupervised();
  results.first_start_ms = await waitHealthy(120_000);
  const token = await signIn('admin@example.com');
  const caseId = await admin(async (c) => {
    const r = await c.query('select id from cases where is_deleted = false order by id limit 1');
    return r.rows[0].id as number;
  }, dbUrl);
  console.log('1/3 terminating backends under load…');
  results.terminate_backends = await terminateUnderLoad(token, caseId);
  console.log(JSON.stringify(results.terminate_backends));
  console.log('2/3 kill -9 during writes…');
  results.kill_9 = await killCycles(token, caseId);
  console.log(JSON.stringify(results.kill_9));
  console.log('3/3 sign-in bursts…');
  results.sign_in = await signInBursts();
  console.log(JSON.stringify(results.sign_in));
} finally {
  if (proc.supervisor?.pid) {
    try {
      process.kill(-proc.supervisor.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await sleep(1000);
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
}
mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(path.join(root, 'bench/out/chaos.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
