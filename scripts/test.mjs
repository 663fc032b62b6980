// `npm test`: unit, component and API tests (Vitest; API on PGlite and, with TEST_DATABASE_URL,
// on PostgreSQL too), then the browser journeys (Playwright, Chromium) against the built app.
// Ends with one summary line: "Tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync } from 'node:fs';
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

const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else the first Chromium or Chrome on the PATH (or in /usr/bin). */
function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return executable(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (executable(file)) return file;
    }
  }
  return null;
}

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/**
 * A browser for the journeys: the system's; when there is none and we are root on a Debian-like
 * system, Debian's chromium and the CJK fonts the zh-TW pages need, installed here and said so.
 */
function chromiumForJourneys() {
  const found = findChromium();
  if (found) {
    console.log(`Browser journeys use ${found}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''}.`);
    return found;
  }
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
    return null;
  }
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(
      "No Chromium found: installing Debian's chromium and fonts-noto-cjk with apt-get (one time, a few minutes)…",
    );
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => run('apt-get', ['install', '-y', '-q', 'chromium', 'fonts-noto-cjk'], env);
    if (install() !== 0 && (run('apt-get', ['update', '-q'], env) !== 0 || install() !== 0)) {
      console.error('apt-get could not install chromium and fonts-noto-cjk (see its messages above).');
      return null;
    }
    const installed = findChromium();
    if (installed) console.log(`Installed Chromium: ${installed}.`);
    else console.error('apt-get installed chromium, but no Chromium executable was found afterwards.');
    return installed;
  }
  console.error(
    'No Chromium for the browser journeys: install Chromium and Noto CJK fonts (Debian/Ubuntu: `sudo apt-get install chromium fonts-noto-cjk`) or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  return null;
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
  const chromium = chromiumForJourneys();
  const buildStatus = chromium ? run('npm', ['run', 'build']) : 1;
  if (!chromium || buildStatus !== 0) {
    failed += 1;
    e2eStatus = 1;
  } else {
    const e2eFile = path.join(out, 'playwright.json');
    e2eStatus = run('npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
      CHROMIUM_PATH: chromium,
    });
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
