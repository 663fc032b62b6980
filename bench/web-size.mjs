// Initial JavaScript of the login page, the dashboard and the investor's case list: the script files Chromium loads for
// each page (fresh context), with their gzip and brotli sizes from the build's precompressed copies;
// and what the report page adds once the dashboard shell is there.
// Needs a built app: `npm run build`, then `node bench/web-size.mjs`.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { closeInvestorTour, startBuiltServer } from './builtServer.mjs';

const port = Number(process.env.SIZE_PORT ?? 3195);
const base = `http://127.0.0.1:${port}`;
const dist = 'apps/web/dist';
const { stop } = await startBuiltServer(port);

const size = (file) =>
  existsSync(file) ? statSync(file).size : statSync(file.replace(/\.(gz|br)$/, '')).size;
function report(label, urls) {
  const files = [...urls].map((u) => path.join(dist, new URL(u).pathname));
  const sum = (ext) => files.reduce((a, f) => a + size(`${f}${ext}`), 0);
  console.log(
    `${label}: ${files.length} scripts, ${(sum('') / 1024).toFixed(1)} kB raw, ${(sum('.gz') / 1024).toFixed(1)} kB gzip, ${(sum('.br') / 1024).toFixed(1)} kB brotli`,
  );
  // SIZE_LIST=1: each script with its gzip size, largest first (what to look at when a figure grows).
  if (process.env.SIZE_LIST) {
    for (const f of files.sort((a, b) => size(`${b}.gz`) - size(`${a}.gz`))) {
      console.log(`  ${(size(`${f}.gz`) / 1024).toFixed(1).padStart(7)} kB  ${path.basename(f)}`);
    }
  }
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await (await browser.newContext()).newPage();
let scripts = new Set();
page.on('response', (r) => {
  if (r.url().endsWith('.js')) scripts.add(r.url());
});
await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
report('/login', scripts);

const staff = await (await browser.newContext()).newPage();
scripts = new Set();
staff.on('response', (r) => {
  if (r.url().endsWith('.js')) scripts.add(r.url());
});
await staff.goto(`${base}/dashboard/login`, { waitUntil: 'networkidle' });
await staff.getByLabel('電子郵件').fill('admin@example.com');
await staff.getByLabel('密碼').fill(process.env.DEMO_PASSWORD ?? 'dealflow-demo');
await staff.getByRole('button', { name: /登\s*入/ }).click();
await staff.waitForURL(/\/dashboard\/report/);
await staff.waitForLoadState('networkidle');
report('/dashboard/login → /dashboard/report (all scripts loaded)', scripts);
scripts = new Set();
await staff.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
report('/dashboard opened directly (signed in)', scripts);

// The report page's own JavaScript (issue 10: charts included, at most 120 kB gzip): what a
// signed-in staff member on another dashboard page loads when they open the report from the menu.
const other = await staff.context().newPage();
await other.goto(`${base}/dashboard/calendar`, { waitUntil: 'networkidle' });
scripts = new Set();
other.on('response', (r) => {
  if (r.url().endsWith('.js')) scripts.add(r.url());
});
await other.getByRole('link', { name: '案件報表' }).click();
await other.waitForURL(/\/dashboard\/report/);
await other.waitForLoadState('networkidle');
report('/dashboard/calendar → report (its own scripts, after the shell)', scripts);

// The investor's case list (issue 13: initial JavaScript at most 250 kB gzip), opened directly by a
// signed-in investor on a phone-sized window.
const investor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
await investor.goto(`${base}/login`, { waitUntil: 'networkidle' });
await investor.getByText('投資人', { exact: true }).click();
await investor.getByLabel('電子郵件').fill('investor@example.com');
await investor.getByLabel('密碼').fill(process.env.DEMO_PASSWORD ?? 'dealflow-demo');
await investor.getByRole('button', { name: /登\s*入/ }).click();
await investor.waitForURL(/\/investor/);
await investor.waitForLoadState('networkidle');
await closeInvestorTour(investor);
scripts = new Set();
investor.on('response', (r) => {
  if (r.url().endsWith('.js')) scripts.add(r.url());
});
await investor.goto(`${base}/investor/cases/s1`, { waitUntil: 'networkidle' });
report('/investor/cases/s1 opened directly (signed-in investor, tour seen)', scripts);
await browser.close();
stop();
