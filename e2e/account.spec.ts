import type { Browser, Page } from '@playwright/test';
import {
  closeTourIfShown,
  DEMO_PASSWORD,
  expect,
  expectPath,
  newestMailMatch,
  outboxTime,
  staffSignIn,
  test,
} from './support.ts';

// Account basics (issue 8): forgotten password through the mail outbox for each sign-in, an
// invitation accepted, a change of password from the investor menu, honest sign-in answers and a
// guard redirect that says why. Passwords of demo accounts end as they began, for the other journeys.

// Each journey goes through several sign-ins and mails: allow for a slow shared machine.
test.describe.configure({ timeout: 120_000 });

/** The link of the newest mail to `to` written after `since` (file names start with the time). */
async function newestLink(to: string, since: string): Promise<string> {
  const link = await newestMailMatch(to, since, /https?:\/\/\S+#token=[A-Za-z0-9_-]+/);
  // The server's PUBLIC_URL may name another host for the same server: keep path and fragment.
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
}

async function requestReset(page: Page, email: string, area: '員工' | '投資人' | '新創團隊') {
  await page.getByRole('link', { name: '忘記密碼？' }).click();
  await expectPath(page, /\/forgot-password/);
  await expect(page.getByRole('heading', { name: '忘記密碼' })).toBeVisible();
  await expect(page.getByRole('radio', { name: area })).toBeChecked();
  await page.getByLabel('電子郵件').fill(email);
  const since = outboxTime();
  await page.getByRole('button', { name: '寄送重設連結' }).click();
  await expect(page.getByText(/重設密碼的連結已寄出/)).toBeVisible();
  return since;
}

async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: '設定新密碼' })).toBeVisible();
  await page.getByLabel('新密碼', { exact: true }).fill(password);
  await page.getByLabel('確認新密碼').fill(password);
  await page.getByRole('button', { name: '設定新密碼' }).click();
}

/** A second browser signed in as the same account: its session must end with the reset. */
async function otherSession(browser: Browser, signIn: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return { page, close: () => context.close() };
}

test('staff: forgotten password round trip through the outbox ends the other sessions', async ({
  page,
  browser,
}) => {
  const other = await otherSession(browser, async (p) => {
    await staffSignIn(p, 'sa@example.com');
    await expectPath(p, '/dashboard/report?type=investor');
  });
  await page.goto('/dashboard/login');
  const since = await requestReset(page, 'sa@example.com', '員工');
  const link = await newestLink('sa@example.com', since);
  expect(link).toMatch(/^\/reset-password#token=/);

  await setNewPassword(page, link, DEMO_PASSWORD);
  await expectPath(page, '/dashboard/login');
  await expect(page.getByText('密碼已更新，請用新密碼登入。')).toBeVisible();
  await staffSignIn(page, 'sa@example.com');
  await expectPath(page, '/dashboard/report?type=investor');

  // The other browser's session ended with the reset.
  await other.page.reload();
  await expect(other.page).toHaveURL(/\/dashboard\/login/);
  await other.close();

  // The link works once.
  await page.context().clearCookies();
  const fresh = await page.context().browser()!.newContext();
  const again = await fresh.newPage();
  await again.goto(link);
  await again.getByLabel('新密碼', { exact: true }).fill('another-secret-1');
  await again.getByLabel('確認新密碼').fill('another-secret-1');
  await again.getByRole('button', { name: '設定新密碼' }).click();
  await expect(again.getByText('這個重設密碼連結已過期或已使用過，請重新申請。')).toBeVisible();
  await fresh.close();
});

test('investor: forgotten password round trip, then change it back from the menu', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('投資人', { exact: true }).click();
  const since = await requestReset(page, 'investor@example.com', '投資人');
  await setNewPassword(page, await newestLink('investor@example.com', since), 'investor-new-1');
  await expectPath(page, '/login');
  await expect(page.getByText('密碼已更新，請用新密碼登入。')).toBeVisible();
  await expect(page.getByRole('radio', { name: '投資人' })).toBeChecked();

  await page.getByLabel('電子郵件').fill('investor@example.com');
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page.getByText('電子郵件或密碼不正確。')).toBeVisible();
  await page.getByLabel('密碼').fill('investor-new-1');
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expectPath(page, '/investor/cases/s1');
  await closeTourIfShown(page);

  // Change password is in the investor menu; a signed-in user sees no 登入 link there.
  await page.getByRole('link', { name: '變更密碼' }).filter({ visible: true }).first().click();
  await expectPath(page, '/investor/changePassword');
  await expect(page.getByRole('link', { name: /^登\s*入$/ })).toHaveCount(0);
  await page.getByLabel('目前的密碼').fill('investor-new-1');
  await page.getByLabel('新密碼', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('確認新密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '變更密碼' }).click();
  await expect(page.getByText('密碼已變更')).toBeVisible();
  // This session goes on with its new token.
  await page.getByRole('link', { name: '返回投資案件' }).click();
  await expectPath(page, '/investor/cases/s1');
  await page.reload();
  await expectPath(page, '/investor/cases/s1');
});

test('startup: forgotten password round trip lands on the 新創團隊 tab', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('新創團隊', { exact: true }).click();
  const since = await requestReset(page, 'startup@example.com', '新創團隊');
  await setNewPassword(page, await newestLink('startup@example.com', since), DEMO_PASSWORD);
  await expectPath(page, '/login');
  await expect(page.getByText('密碼已更新，請用新密碼登入。')).toBeVisible();
  await expect(page.getByRole('radio', { name: '新創團隊' })).toBeChecked();
  await page.getByLabel('電子郵件').fill('startup@example.com');
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expectPath(page, '/startup');
});

test('an unknown email gets the same confirmation', async ({ page }) => {
  await page.goto('/forgot-password?as=investor');
  await page.getByLabel('電子郵件').fill('nobody-here@example.com');
  await page.getByRole('button', { name: '寄送重設連結' }).click();
  await expect(page.getByText(/重設密碼的連結已寄出/)).toBeVisible();
});

test('an admin invites a colleague who sets their own password and is signed in', async ({
  page,
  browser,
}) => {
  const email = `invited-${Date.now()}@example.com`;
  await staffSignIn(page, 'admin@example.com');
  await expectPath(page, '/dashboard/report?type=case');
  await page.goto('/dashboard/auth');
  await page.getByRole('button', { name: /新增/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/密碼/)).toHaveCount(0);
  await dialog.getByLabel('姓名').fill('林新人');
  await dialog.getByLabel('電子郵件').fill(email);
  const since = outboxTime();
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(page.getByText(`已建立 林新人 的帳號，並寄出邀請信到 ${email}。`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByText('邀請中')).toBeVisible();
  const link = await newestLink(email, since);
  expect(link).toMatch(/^\/accept-invitation#token=/);

  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByText(/林新人 您好，歡迎加入 Dealflow/)).toBeVisible();
  await invited.getByLabel('新密碼', { exact: true }).fill('my-own-secret-1');
  await invited.getByLabel('確認新密碼').fill('my-own-secret-1');
  await invited.getByRole('button', { name: '設定密碼並登入' }).click();
  await expectPath(invited, '/dashboard/report?type=case');

  // The link is spent: opening it again says to ask an admin.
  const later = await (await browser.newContext()).newPage();
  await later.goto(link);
  await expect(later.getByText('這個邀請連結已過期或已使用過，請聯絡管理員重新寄送邀請。')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) }).getByText('邀請中')).toHaveCount(0);
});

test('the right password on the wrong tab says which sign-in to use, and goes there', async ({ page }) => {
  await page.goto('/login');
  await page.getByText('投資人', { exact: true }).click();
  await page.getByLabel('電子郵件').fill('ao@example.com');
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page.getByText('這是員工帳號，請改用員工登入頁。')).toBeVisible();
  await page.getByRole('button', { name: '改用「員工」登入' }).click();
  await expectPath(page, '/dashboard/login');

  // A wrong password learns nothing.
  await page.goto('/login');
  await page.getByText('投資人', { exact: true }).click();
  await page.getByLabel('電子郵件').fill('ao@example.com');
  await page.getByLabel('密碼').fill('not-the-password');
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page.getByText('電子郵件或密碼不正確。')).toBeVisible();
});

test('a guard redirect says why, once', async ({ page }) => {
  await staffSignIn(page, 'ao@example.com');
  await expectPath(page, '/dashboard/report?type=case');
  await page.goto('/dashboard/investor');
  await expectPath(page, '/dashboard/report?type=case');
  const notice = page
    .getByRole('alert')
    .filter({ hasText: '您沒有權限開啟「投資人」頁面，已為您返回報表。' });
  await expect(notice).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});
