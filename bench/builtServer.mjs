// The built server (`npm run build`) on a port of its own and a fresh DATA_DIR (embedded database,
// demo data), for the browser figures of web-size.mjs and lighthouse.mjs. Resolves once it answers.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function startBuiltServer(port, env = {}) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'df-bench-')),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => server.kill('SIGTERM') };
}
