// Time from `npm start` (scripts/start.mjs, build already done) to the first 200 from
// GET /api/health, on an empty data folder and on a second start of the same folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.BENCH_PORT ?? 3190);
const dataDir = mkdtempSync(path.join(tmpdir(), 'dealflow-startup-'));

async function timeToHealthy(label) {
  const started = performance.now();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env,
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`${label}: server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = Math.round(performance.now() - started);
  console.log(`${label}: first 200 from /api/health after ${ms} ms`);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return ms;
}

await timeToHealthy('empty data folder (create, migrate, seed)');
await timeToHealthy('second start');
rmSync(dataDir, { recursive: true, force: true });
