// Lighthouse performance of the investor's case list (issue 13: ≥ 90 on a phone profile), signed in
// as the demo investor. Lighthouse is not a dependency of the project (it is large and only this
// figure needs it): install it anywhere and say where, e.g.
//   mkdir -p /tmp/lh && npm i --prefix /tmp/lh lighthouse@12
//   npm run build && LIGHTHOUSE_DIR=/tmp/lh node bench/lighthouse.mjs
// Lighthouse's default mobile profile: a Moto G Power sized screen, simulated slow 4G, 4× CPU slowdown.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { closeInvestorTour, startBuiltServer } from './builtServer.mjs';

const dir = process.env.LIGHTHOUSE_DIR;
const require = createRequire(dir ? path.join(path.resolve(dir), 'package.json') : import.meta.url);
let lighthouse;
try {
  lighthouse = (await import(pathToFileURL(require.resolve('lighthouse')).href)).default;
} catch {
  console.error(
    'Lighthouse is not installed: `npm i --prefix /tmp/lh lighthouse@12`, then LIGHTHOUSE_DIR=/tmp/lh.',
  );
  process.exit(1);
}

const port = Number(process.env.LH_PORT ?? 3196);
const debugPort = Number(process.env.LH_DEBUG_PORT ?? 9333);
const base = `http://127.0.0.1:${port}`;
const { stop } = await startBuiltServer(port, { NODE_ENV: 'production' });

// A persistent context is the browser's default one, which Lighthouse's tab shares: the sign-in holds.
const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'df-lh-profile-')), {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`],
});
const page = await context.newPage();
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
await page.getByText('投資人', { exact: true }).click();
await page.getByLabel('電子郵件').fill('investor@example.com');
await page.getByLabel('密碼').fill(process.env.DEMO_PASSWORD ?? 'dealflow-demo');
await page.getByRole('button', { name: /登\s*入/ }).click();
await page.waitForURL(/\/investor/);
await page.waitForLoadState('networkidle');
await closeInvestorTour(page);

const runs = Number(process.env.LH_RUNS ?? 3);
const scores = [];
for (let i = 0; i < runs; i++) {
  const result = await lighthouse(
    `${base}/investor/cases/s1`,
    { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    // Keep the signed-in session: a storage reset would land on the sign-in page.
    { extends: 'lighthouse:default', settings: { disableStorageReset: true } },
  );
  const lhr = result.lhr;
  if (process.env.LH_REPORT) writeFileSync(process.env.LH_REPORT, JSON.stringify(lhr));
  const audit = (id) => lhr.audits[id]?.displayValue ?? '–';
  const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
  scores.push(score);
  console.log(
    `run ${i + 1}: performance ${score} (FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')})${lhr.finalDisplayedUrl.endsWith('/investor/cases/s1') ? '' : ` — ended on ${lhr.finalDisplayedUrl}`}`,
  );
}
scores.sort((a, b) => a - b);
console.log(
  `/investor/cases/s1, phone profile: median performance ${scores[Math.floor(scores.length / 2)]} of ${runs} runs`,
);
await context.close();
stop();
