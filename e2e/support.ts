import { test as base, expect, type Page } from '@playwright/test';

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
