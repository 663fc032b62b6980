import type { Page } from '@playwright/test';
import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  registerStartup,
  signInStartup,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue 14, "the firm's messages to them": a startup registered for this journey writes to the
 * firm from its 訊息 tab at 390 px; an admin finds it unreplied in the inbox at 1440 px, marked
 * 新創 with the company's name, and replies; the startup's page shows the reply without a reload
 * (the live channel).
 */
const PASSWORD = 'violet-harbour-lantern-42';
// Digits only: the names it makes show on staff pages the zh-TW walk reads for stray Latin text.
const unique = () => String(Math.floor(Math.random() * 1e9));
const REPLY = '收到，我們會在本週內與您聯繫審查時程。';

async function startupSees(page: Page, where: string) {
  await expectNoSeriousA11yViolations(page, where);
  await expectNoLatin(page, where);
}

test('a startup writes to the firm, an admin answers from the inbox, the reply arrives live', async ({
  page,
  browser,
}) => {
  const subject = `簡報補件詢問 ${unique()}`;
  const email = `msg-${unique()}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await registerStartup(page.request, email, PASSWORD);
  await signInStartup(page, email, PASSWORD);

  // The 訊息 tab: nothing yet, so the first message's form (a phone shows it alone).
  await page.getByRole('tab', { name: '訊息' }).click();
  await expect(page).toHaveURL(/tab=messages/);
  await expect(page.getByRole('heading', { name: '寫訊息給投資團隊' })).toBeVisible();
  await startupSees(page, 'startup messages, empty (390)');
  const send = page.getByRole('button', { name: /送出訊息/ });
  await expect(send).toBeDisabled();
  await page.getByLabel('主旨').fill(subject);
  await page.getByLabel('訊息內容').fill('您好，想請問簡報還需要補哪些資料？');
  await send.click();
  await expect(page.getByText('訊息已送出，我們會盡快回覆')).toBeVisible();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.locator('.inbox-message--client')).toContainText('還需要補哪些資料');
  await startupSees(page, 'startup thread (390)');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/e2e/startup-messages-390.png', fullPage: true });

  // An admin at 1440 px: unreplied in the inbox, marked 新創 with the company's name.
  const staffContext = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  const admin = await staffContext.newPage();
  await admin.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(admin, 'admin@example.com');
  await expect(admin).toHaveURL(/\/dashboard\/report/);
  await admin.goto('/dashboard/contact/unreplied');
  const row = admin.locator('.inbox-row', { hasText: subject });
  await expect(row).toBeVisible();
  await expect(row.locator('.inbox-party-tag')).toHaveText('新創');
  await expect(row).toContainText('晨星儲能股份有限公司');
  await expect(row.locator('.inbox-status')).toHaveText('未回覆');
  await expectNoSeriousA11yViolations(admin, 'inbox with a startup thread (1440)');
  await expectNoLatin(admin, 'inbox with a startup thread (1440)');
  await row.click();
  const thread = admin.locator('.inbox-thread');
  await expect(thread.getByRole('heading', { name: subject })).toBeVisible();
  await expect(thread.locator('.inbox-party-tag')).toHaveText('新創');
  await admin.getByLabel('回覆訊息').fill(REPLY);
  await admin.getByRole('button', { name: '送出回覆' }).click();
  await expect(admin.getByText('已送出回覆')).toBeVisible();
  await expect(thread.locator('.inbox-thread__title-row .inbox-status')).toHaveText('已回覆');
  await admin.screenshot({ path: 'test-results/e2e/startup-messages-inbox-1440.png', fullPage: true });

  // The startup's page, never reloaded, shows the reply (live, before the poll would).
  await expect(page.locator('.inbox-message--employee')).toContainText(REPLY, { timeout: 4_000 });
  await startupSees(page, 'startup thread with the reply (390)');

  // The same conversation at 1440 px: the list beside the thread.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/startup?tab=messages');
  await expect(page.locator('.inbox-row', { hasText: subject })).toBeVisible();
  await expect(page.locator('.inbox-message--employee')).toContainText(REPLY);
  await startupSees(page, 'startup messages (1440)');
  await page.screenshot({ path: 'test-results/e2e/startup-messages-1440.png', fullPage: true });
  await staffContext.close();
});

test('the case’s ao writes to its startup from the case page, at 1440 and 390 px', async ({
  page,
  browser,
}) => {
  const email = `msg-ao-${unique()}@example.com`;
  await registerStartup(page.request, email, PASSWORD);
  const signedIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { token } = (await signedIn.json()) as { token: string };
  const me = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  const caseId = ((await me.json()) as { user: { case_id: number } }).user.case_id;

  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard(?!\/login)/);
  await page.goto(`/dashboard/manager/${caseId}?tab=messages`);
  await expect(page.getByRole('heading', { name: '寫訊息給新創' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'case startup messages, empty (1440)');
  await expectNoLatin(page, 'case startup messages, empty (1440)');
  const subject = `財報補件 ${unique()}`;
  await page.getByLabel('主旨').fill(subject);
  await page.getByLabel('訊息內容').fill('請於下週前補上最新財報。');
  await page.getByRole('button', { name: /送出訊息/ }).click();
  await expect(page.getByText('訊息已送出')).toBeVisible();
  await expect(page.locator('.inbox-message--employee')).toContainText('最新財報');
  await page.screenshot({ path: 'test-results/e2e/case-messages-1440.png', fullPage: true });

  // The startup finds it unread in its 訊息 tab.
  const startupContext = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  const startupPage = await startupContext.newPage();
  await startupPage.setViewportSize({ width: 390, height: 844 });
  await signInStartup(startupPage, email, PASSWORD);
  await startupPage.goto('/startup?tab=messages');
  const row = startupPage.locator('.inbox-row', { hasText: subject });
  await expect(row).toContainText('未讀');
  // The tab counts it too, so a phone shows it from any tab.
  await expect(startupPage.getByRole('tab', { name: /訊息/ }).locator('.ant-badge')).toContainText('1');
  await startupContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/manager/${caseId}?tab=messages`);
  await expect(page.locator('.inbox-row', { hasText: subject })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'case startup messages (390)');
  await expectNoLatin(page, 'case startup messages (390)');
  await page.screenshot({ path: 'test-results/e2e/case-messages-390.png', fullPage: true });
});
