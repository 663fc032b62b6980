// `npm test`: unit, component and API tests (Vitest; API on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL too), then the browser journeys (Playwright, Chromium) against the built app.
// Ends with one summary line: "Tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-results');
mkdirSync(out, { recursive: true });
const started = Date.now();

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const vitestFile = path.join(out, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const v = readJson(vitestFile);
let passed = v?.numPassedTests ?? 0;
let failed = (v?.numFailedTests ?? 0) + (vitestStatus !== 0 && !v?.numFailedTests ? 1 : 0);
let skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0);

let e2eStatus = 0;
if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser journeys skipped');
} else {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    failed += 1;
  } else {
    const e2eFile = path.join(out, 'playwright.json');
    e2eStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile });
    const p = readJson(e2eFile);
    passed += p?.stats?.expected ?? 0;
    failed +=
      (p?.stats?.unexpected ?? 0) +
      (p?.stats?.flaky ?? 0) +
      (e2eStatus !== 0 && !p?.stats?.unexpected ? 1 : 0);
    skipped += p?.stats?.skipped ?? 0;
  }
}

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nnpm test finished in ${seconds}s`);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
