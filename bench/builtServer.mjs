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

/**
 * Closes the onboarding tour (and its reopen hint) if it opened: it shows once, 800 ms after an
 * investor's first sign-in, and loads its own code then. The figures are the page as every later visit opens it.
 */
export async function closeInvestorTour(page) {
  const close = page.locator('.ant-tour-close');
  const shown = await close.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await close.click();
  await page.getByRole('button', { name: '確定' }).click();
  await page.waitForLoadState('networkidle');
}
