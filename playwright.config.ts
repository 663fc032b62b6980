import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3111);
// Pinned in the environment: the config is loaded again in each worker (another pid), and journeys
// that read the server's mail outbox (e2e/account.spec.ts) must find the runner's DATA_DIR.
process.env.E2E_DATA_DIR ??= `/tmp/dealflow-e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;

// Browser journeys against the built app (npm test builds it first), on a fresh embedded database
// with demo data, in Debian's Chromium: no browser download.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey's budget, generous: a loaded CI machine (2 cores) runs each step several times slower.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Mailed links point here (never at a request's Host header).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
