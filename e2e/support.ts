import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey runs under the server's Content-Security-Policy: a page that needs an inline
 * script, an eval or a source the policy does not name fails its journey here, not in production.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(msg.text()))
        violations.push(msg.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
export { expect };

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'dealflow-demo';

export async function staffSignIn(page: Page, email: string, path = '/dashboard/login') {
  await page.goto(path);
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
}

export async function areaSignIn(page: Page, kind: '投資人' | '新創團隊', email: string) {
  await page.goto('/login');
  await page.getByText(kind, { exact: true }).click();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  if (kind === '投資人') await closeTourIfShown(page);
}

/** Whether the signed-in investor of this page has not closed the onboarding tour yet (asked of the server). */
export async function tourPending(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('auth._token.investor');
    if (!token) return false;
    const res = await fetch('/api/v1/auth/me', { headers: { authorization: token } });
    if (!res.ok) return false;
    return (
      ((await res.json()) as { data: { tutorial_seen_at?: string | null } }).data.tutorial_seen_at === null
    );
  });
}

/**
 * An investor's first sign-in opens the onboarding tour over the page (issue 13). Journeys about
 * something else close it, and its reopen hint, when it comes; a sign-in that did not reach the
 * investor area (a journey testing a refusal) or a tour already seen leaves the page as it is.
 */
export async function closeTourIfShown(page: Page) {
  const arrived = await page
    .waitForURL(/\/investor(?:[/?#]|$)/, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!arrived || !(await tourPending(page).catch(() => false))) return;
  const close = page.locator('.ant-tour-close');
  const shown = await close
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  await close.click();
  await page.getByRole('button', { name: '確定' }).click();
}

export async function signOut(page: Page) {
  const button = page.getByRole('button', { name: /登\s*出/ });
  const menu = page.getByRole('button', { name: /選單|menu/i });
  // Wait until the layout has drawn one of the two before deciding which to use.
  await expect(button.or(menu).first()).toBeVisible();
  if (!(await button.isVisible())) await menu.click();
  await button.click();
}

export function expectPath(page: Page, path: string | RegExp) {
  return expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escapeRegExp(path)}$`) : path);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Latin letters the zh-TW interface may show (issue #8): the brand, currency symbols, e-mail
 * addresses and web addresses, stage codes (S0–S6, P0–P6) on staff screens, keyboard keys named
 * as printed on the key (Esc, Enter), file formats (CSV, XLSX, PNG, vCard) and units (MB), the column names a
 * DD import file must carry, and words typed by users into the demo data (company names and
 * descriptions, rounds, domain keys): content, not interface.
 */
export const LATIN_ALLOWED: readonly RegExp[] = [
  /\bDealflow\b/g,
  /\b(?:NT|US)\$/g,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /\bhttps?:\/\/\S*/g,
  /\b[\w-]+\.example\.com\b/g,
  /\b[SP][0-6]\b/g,
  /\b(?:Esc|Enter)\b/g,
  /\b(?:CSV|XLSX|PNG|JPEG|GIF|WebP|vCard|MB|KB|B|PDF|DOCX?|XLS|PPTX?|TXT)\b/g,
  // File names users gave their uploads (保密協議-123.pdf).
  /\S+\.(?:pdf|docx?|xlsx?|pptx?|csv|txt|png|jpe?g|gif|webp)\b/gi,
  /\b(?:content|client_email|client_id|created_at)\b/g,
  // Template variables in contract clause texts ({{signer_name}}): syntax an admin types, not words.
  /\{\{\s*[a-z_]+\s*\}\}/g,
  // Paths inside the app a notification links to (/investor/contract): shown as code, not words.
  /(?<![\w.])\/(?:investor|dashboard)(?:\/[\w-]+)*(?:\?\S*)?/g,
  // A de-identified case's code name (issue 13): an identifier, like a stage code.
  /\bD-[0-9A-Z]{3,7}\b/g,
  // Demo data, typed by users: company texts, rounds, tags.
  /\b(?:AI|TFDA|IP|Demo Day|Pre-A|Seed|Series [A-D]|Angel|Lead Angel|LP|CVC|Family Office|SaaS|IoT|ESG|API|B2B|B2C)\b/g,
];

/**
 * Runs of Latin letters in the visible text, placeholders and accessible names of the page,
 * outside the allowlist, each with where it was found. Text marked as another language
 * (`lang="en"`, the language switch's "EN") and icon names are not interface text in zh-TW.
 */
export async function latinRuns(page: Page, extra: readonly RegExp[] = []): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: Array<[string, string]> = [];
    const where = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''}>`;
    const skip = (el: Element) =>
      el.closest(
        'script, style, noscript, [hidden], [aria-hidden="true"], .anticon, [lang]:not([lang^="zh"])',
      );
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || skip(parent)) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      out.push([text, where(parent)]);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (skip(el) || !el.checkVisibility()) continue;
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr);
        if (value) out.push([value, `${where(el)}[${attr}]`]);
      }
    }
    out.push([document.title, '<title>']);
    return out;
  });
  const found = new Set<string>();
  for (const [original, place] of texts) {
    let text = original;
    for (const pattern of [...LATIN_ALLOWED, ...extra]) text = text.replace(pattern, ' ');
    for (const run of text.match(/[A-Za-z]{2,}(?:[ '-][A-Za-z]+)*/g) ?? []) found.add(`${run} in ${place}`);
  }
  return [...found].sort();
}

export async function expectNoLatin(page: Page, where: string, extra: readonly RegExp[] = []) {
  // Soft: one run lists every page with a problem, and the test still fails.
  expect.soft(await latinRuns(page, extra), `Latin text on ${where}`).toEqual([]);
}

const axeSource = readFileSync(
  createRequire(`${process.cwd()}/package.json`).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core in the page (WCAG 2 A/AA rules): no serious or critical violation. Injected by
 * evaluating its source, since the page's CSP (`script-src 'self'`) blocks an inline script tag.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string) {
  // Colours are measured at rest: a tab or link caught in its 0.3 s colour transition after a
  // navigation reads as a blend of two shades (CI once saw #90723b for the gold #866428).
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'axe-no-motion';
    style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.slice(0, 300)),
      }));
  });
  await page.evaluate(() => document.getElementById('axe-no-motion')?.remove());
  expect.soft(violations, `serious or critical accessibility violations on ${where}`).toEqual([]);
}

interface AxeResults {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: string[]; failureSummary?: string }>;
  }>;
}

/**
 * Picks a card up by its drag handle with the keyboard (dnd-kit's keyboard sensor), moves it
 * right column by column until it is over each of `path` in turn, and drops it.
 */
export async function keyboardDrag(page: Page, handleName: string, path: string[]) {
  await page.getByRole('button', { name: handleName }).focus();
  await page.keyboard.press('Space');
  // As a person would: move once the card is lifted (the board measures its columns on lift).
  await expect(page.locator('.board-card--overlay')).toBeVisible();
  await expect(page.locator('.board-column--origin.board-column--over')).toBeVisible();
  for (const stage of path) {
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(`[data-stage="${stage}"].board-column--over`)).toBeVisible();
  }
  await page.keyboard.press('Space');
  // The dropped card has settled before anything else is done on the board.
  await expect(page.locator('.board-card--overlay')).toHaveCount(0);
}

/** The server's mail outbox (DATA_DIR/outbox of the journeys' server). */
const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The decoded text of an .eml written by the server's mailer (quoted-printable or base64). */
function mailText(raw: string): { to: string; text: string } {
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const to = /^To: (.+)$/m.exec(headers)?.[1]?.trim() ?? '';
  const encoding = /^Content-Transfer-Encoding: (.+)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  if (encoding === 'base64') return { to, text: Buffer.from(body, 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return { to, text: decodeURIComponent(bytes) };
  }
  return { to, text: body };
}

/**
 * What `pattern` finds (its first group, or the whole match) in the newest mail to `to` written
 * after `since` (an ISO time with `:` and `.` as `-`: outbox file names start with the time).
 */
export async function newestMailMatch(to: string, since: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox()).filter((f) => f.endsWith('.eml') && f > since);
        } catch {
          return false;
        }
        for (const file of files.sort().reverse()) {
          const mail = mailText(readFileSync(path.join(outbox(), file), 'utf8'));
          const match = pattern.exec(mail.text);
          if (mail.to === to && match) {
            found = match[1] ?? match[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} in ${outbox()} matching ${pattern}` },
    )
    .toBe(true);
  if (found === undefined) throw new Error('no mail');
  return found;
}

/** Now, as outbox file names begin. */
export const outboxTime = () => new Date().toISOString().replace(/[:.]/g, '-');

/** A startup registered through the API (code from the outbox), with a draft case of its own. */
export async function registerStartup(request: APIRequestContext, email: string, password: string) {
  const since = outboxTime();
  expect((await request.post(`/api/internal/v1/clients/verifyMail`, { data: { email } })).ok()).toBe(true);
  const code = await newestMailMatch(email, since, /^\s{4}(\d{6})$/m);
  const checked = await request.post(`/api/internal/v1/clients/verifyMailCode`, { data: { email, code } });
  const { ticket } = ((await checked.json()) as { data: { ticket: string } }).data;
  const registered = await request.post(`/api/internal/v1/register`, {
    data: {
      kind: 'startup',
      ticket,
      password,
      form: {
        company_name: `晨星儲能股份有限公司 ${Math.floor(Math.random() * 1e9)}`,
        contract_name: '王小明',
        contract_tel: '02-2345-6789',
        industry_keys: ['能源'],
        description: '以回收電池模組打造社區儲能系統。',
      },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
}

/** The signed-in startup's case id, as its own information call answers it. */
export async function startupCaseId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('auth._token.local') ?? '';
    const me = await (await fetch('/api/auth/user', { headers: { authorization: token } })).json();
    const info = await (
      await fetch(`/api/internal/v1/cases/${me.user.id}/info`, { headers: { authorization: token } })
    ).json();
    return info.data.case.id as number;
  });
}

export async function signInStartup(page: import('@playwright/test').Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByText('新創團隊', { exact: true }).click();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page).toHaveURL(/\/startup/);
}
