// `npm start`: builds whatever is missing or older than its sources, then runs the server in
// production mode on the embedded database unless DATABASE_URL is set. It also supervises it: a
// server that crashes is started again, after a pause that grows while crashes keep coming.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  if (!existsSync(dir)) return 0;
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  walk(dir);
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

function run(args) {
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const domain = rel('packages/domain/src');
if (stale(rel('apps/web/dist/index.html'), [rel('apps/web/src'), rel('apps/web/index.html'), domain])) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@dealflow/web']);
}
if (stale(rel('apps/server/dist/main.js'), [rel('apps/server/src'), domain])) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@dealflow/server']);
}

// The server exits 78 (EX_CONFIG) when its configuration is invalid: starting it again cannot help.
const EXIT_CONFIG = 78;
// A server that crashes before it is ready (listening) is in a crash loop: the pause grows. One that
// crashed after it was ready is started again after the shortest pause.
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 30_000;

let child = null;
let stopping = false;
let pauseMs = FIRST_PAUSE_MS;

function startServer() {
  let ready = false;
  child = spawn(process.execPath, ['--enable-source-maps', rel('apps/server/dist/main.js')], {
    cwd: root,
    // The server sends 'ready' over the IPC channel once it listens.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { NODE_ENV: 'production', ...process.env },
  });
  child.on('message', (message) => {
    if (message === 'ready') ready = true;
  });
  child.on('exit', (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? 0);
    if (code === 0 || code === EXIT_CONFIG) process.exit(code);
    if (ready) pauseMs = FIRST_PAUSE_MS;
    const why = signal ? `signal ${signal}` : `exit code ${code}`;
    console.error(`Dealflow stopped unexpectedly (${why}); starting it again in ${pauseMs / 1000} s…`);
    setTimeout(startServer, pauseMs);
    pauseMs = Math.min(MAX_PAUSE_MS, pauseMs * 2);
  });
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopping = true;
    if (child) child.kill(sig);
    else process.exit(0);
  });
}
startServer();
