// Bytes a first visit to the sign-in pages transfers, by kind (JavaScript, CSS, fonts, other):
// what Chromium received over the wire (compressed), fresh context, fonts settled.
// Needs a built app: `npm run build`, then `npx tsx bench/pageBytes.ts` (CHROMIUM_PATH or /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const port = Number(process.env.BENCH_PORT ?? 3196);
const base = `http://127.0.0.1:${port}`;
const pages = ['/login', '/dashboard/login'];

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'df-bytes-')),
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (tries > 1800) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const kindOf = (type: string, url: string) =>
    type === 'script'
      ? 'js'
      : type === 'stylesheet'
        ? 'css'
        : type === 'font' || /\.woff2?$/.test(url)
          ? 'font'
          : 'other';
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const pathname of pages) {
    const context = await browser.newContext({ locale: 'zh-TW', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const totals: Record<string, number> = { js: 0, css: 0, font: 0, other: 0 };
    const fonts: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then((sizes) => {
          const kind = kindOf(request.resourceType(), request.url());
          totals[kind] = (totals[kind] ?? 0) + sizes.responseBodySize + sizes.responseHeadersSize;
          if (kind === 'font') fonts.push(`${new URL(request.url()).pathname} ${kb(sizes.responseBodySize)}`);
        }),
      );
    });
    await page.goto(base + pathname, { waitUntil: 'networkidle' });
    // Runs in the page (a string: the bench compiles without the DOM library).
    await page.evaluate('document.fonts.ready.then(() => undefined)');
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    console.log(
      `${pathname.padEnd(18)} js ${kb(totals.js ?? 0)}  css ${kb(totals.css ?? 0)}  fonts ${kb(totals.font ?? 0)} (${fonts.length} files)  other ${kb(totals.other ?? 0)}`,
    );
    for (const font of fonts) console.log(`  ${font}`);
    await context.close();
  }
  await browser.close();
} finally {
  server.kill();
}
