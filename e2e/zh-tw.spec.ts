import type { Page } from '@playwright/test';
import {
  areaSignIn,
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #8: every page of the journeys, as each kind of user sees it in zh-TW, shows no Latin
 * letters outside the allowlist (support.ts) and has no serious or critical axe violation.
 */

/**
 * Lets the page finish loading: no request in flight, no spinner. The inbox keeps its live stream
 * open (issue 11), so the network never goes idle there: the spinners below say it has loaded.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .df-loading')).toHaveCount(0);
  // The page transition (out-in) and antd's motion: let them end before reading colours.
  await page.waitForTimeout(400);
}

async function check(page: Page, where: string) {
  await settle(page);
  await expectNoLatin(page, where);
  await expectNoSeriousA11yViolations(page, where);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await check(page, path);
}

const CLIENT_TABS = [
  'profile',
  'contacts',
  'todos',
  'portfolio',
  'interests',
  'dd',
  'accounts',
  'files',
  'calendars',
  'notifications',
  'history',
];
const CASE_TABS = [
  'overview',
  'businessPlan',
  'termSheet',
  'documents',
  'fundRoles',
  'ratings',
  'todos',
  'calendars',
  'comments',
  'info',
  'maintenances',
  'workLogs',
  'shareholders',
  'news',
  'dd',
  'review',
  'messages',
  'history',
];

test.describe.configure({ timeout: 300_000 });
// The width the issue judges the screens at.
test.use({ viewport: { width: 1440, height: 900 } });

test('sign-in pages', async ({ page }) => {
  for (const path of [
    '/login',
    '/dashboard/login',
    '/register',
    '/forgot-password',
    '/forgot-password?as=dashboard',
    '/reset-password',
    '/accept-invitation',
  ])
    await visit(page, path);
  // A wrong password: the error is Chinese, the server's text only under 詳細資訊.
  await page.goto('/dashboard/login');
  await page.getByLabel('電子郵件').fill('admin@example.com');
  await page.getByLabel('密碼').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page.getByRole('alert')).toContainText('電子郵件或密碼不正確。');
  await check(page, 'staff sign-in with an error');
  await page.getByRole('button', { name: '詳細資訊' }).click();
  await expect(page.getByTestId('error-details')).toHaveText('[401] Incorrect email or password');
});

test('admin: report, case list, board, a case and each of its tabs, staff page', async ({ page }) => {
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await check(page, 'admin report (case)');
  await visit(page, '/dashboard/report?type=investor');
  await visit(page, '/dashboard?status=all');
  await visit(page, '/dashboard?status=all&view=board');
  await visit(page, '/dashboard/auth');
  for (const path of [
    '/dashboard/calendar',
    '/dashboard/calendar?view=week',
    '/dashboard/calendar?view=list',
    '/dashboard/worklog',
    '/dashboard/todo',
    '/dashboard/investor',
    '/dashboard/group',
    '/dashboard/cards',
    '/dashboard/contact',
    '/dashboard/config/contract',
  ])
    await visit(page, path);

  // A comment, so the comment list and the history show a comment type.
  await page.goto('/dashboard/manager/1?tab=comments');
  await settle(page);
  await page.getByRole('button', { name: '新增評論' }).click();
  await page.getByRole('dialog').getByLabel('評論內容').fill('中文掃描用的評論。');
  await page.getByRole('dialog').getByRole('button', { name: '儲存' }).click();
  await expect(page.locator('[data-kind="comments"]').getByText('投資評論').first()).toBeVisible();

  for (const tab of CASE_TABS) await visit(page, `/dashboard/manager/1?tab=${tab}`);
  await signOut(page);
});

test('admin: the client book, its board, a client and each of its tabs, a group', async ({ page }) => {
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await visit(page, '/dashboard/investor?view=board');
  for (const tab of CLIENT_TABS) await visit(page, `/dashboard/investor/1?tab=${tab}`);
  await visit(page, '/dashboard/group/1');
  await signOut(page);
});

for (const who of ['ao', 'ir', 'sa'] as const) {
  test(`${who}: the pages of the journey`, async ({ page }) => {
    await staffSignIn(page, `${who}@example.com`);
    await expect(page).toHaveURL(/\/dashboard\/report/);
    await check(page, `${who} report`);
    if (who === 'ao') {
      await visit(page, '/dashboard?status=all');
      await visit(page, '/dashboard?status=all&view=board');
      for (const tab of ['overview', 'termSheet', 'comments', 'history'])
        await visit(page, `/dashboard/manager/1?tab=${tab}`);
      await visit(page, '/dashboard/calendar');
    } else {
      await visit(page, '/dashboard/investor');
      await visit(page, '/dashboard/calendar');
    }
  });
}

test('investor: the investor area', async ({ page }) => {
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor\/cases\/s1/);
  await check(page, 'investor cases s1');
  for (const path of [
    '/investor/cases/s2',
    '/investor/cases/post_investment',
    '/investor/cases/drop',
    '/investor/cases/detail',
    '/investor/cases/detail/12',
    '/investor/cases/detail/12/nda',
    '/investor/cases/detail/1/custom-data',
    '/investor',
    '/investor/industry',
    '/investor/industry/record',
    '/investor/contact',
    '/investor/contract',
    '/investor/qa',
    '/investor/changePassword',
  ])
    await visit(page, path);
});

test('startup: the startup area', async ({ page }) => {
  await areaSignIn(page, '新創團隊', 'startup@example.com');
  await expect(page).toHaveURL(/\/startup/);
  await check(page, 'startup home');
  await visit(page, '/startup?tab=messages');
});
