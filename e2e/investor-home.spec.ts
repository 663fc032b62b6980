import type { APIRequestContext, Page } from '@playwright/test';
import {
  areaSignIn,
  DEMO_PASSWORD,
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #13, at 390 px: the demo investor opens their home (documents, messages and notifications,
 * upcoming events, portfolio with its doughnut), reads a notification from the header's bell and
 * their calendar there, then writes to the firm from /investor/contact; an ir finds the message
 * unreplied in the staff inbox.
 */

const INVESTOR = 'investor@example.com';

/** The onboarding tour (another part of issue 13) may greet the investor: close it when it shows. */
async function closeTourIfOpen(page: Page) {
  const tour = page.locator('.ant-tour:visible');
  if (await tour.count()) await tour.locator('.ant-tour-close').first().click();
  await expect(page.locator('.ant-tour:visible')).toHaveCount(0);
}

async function apiToken(request: APIRequestContext, url: string, email: string) {
  const res = await request.post(url, { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test('the demo investor reads their home and the bell, then writes to the firm; staff see it unreplied', async ({
  page,
  browser,
  request,
}) => {
  const stamp = String(Date.now() % 1_000_000);
  const notice = `第三季營運報告已上傳 ${stamp}`;
  const subject = `想了解下一輪增資的時程 ${stamp}`;
  const body = '請問微光半導體下一輪增資預計何時開始？我想預留資金。';

  // Staff send the investor a notification that links inside the platform.
  const investorToken = await apiToken(request, '/api/internal/v1/auth/clients', INVESTOR);
  const me = await request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${investorToken}` } });
  const clientId = ((await me.json()) as { data: { id: number } }).data.id;
  const staffToken = await apiToken(request, '/api/internal/v1/auth/employees', 'admin@example.com');
  const sent = await request.post(`/api/internal/v1/clients/${clientId}/notifications`, {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { title: notice, body: '請至合約頁面查看。', link: '/investor/contract' },
  });
  expect(sent.ok()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', INVESTOR);
  await expect(page).toHaveURL(/\/investor\/cases/);
  await closeTourIfOpen(page);

  // Home: the name in the menu drawer leads there.
  await page.getByRole('button', { name: /選單|menu/i }).click();
  await page.locator('.menu-drawer .investor-account__home').click();
  await expect(page).toHaveURL(/\/investor$/);
  await closeTourIfOpen(page);
  for (const title of ['待簽署文件', '訊息與通知', '近期行程', '投資組合價值']) {
    await expect(page.locator('.investor-home__card-title', { hasText: title })).toBeVisible();
  }
  const portfolio = page.locator('.investor-home__card--wide');
  await expect(portfolio.getByText('初始投資', { exact: true })).toBeVisible();
  await expect(portfolio.locator('.investor-home__figures')).toContainText('NT$');
  // The doughnut is drawn (Chart.js loads with it alone).
  await expect(portfolio.locator('canvas[role="img"]')).toBeVisible();
  await expect(page.locator('.investor-home__card', { hasText: '訊息與通知' })).toContainText(notice);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoLatin(page, 'investor home (phone)');
  await expectNoSeriousA11yViolations(page, 'investor home (phone)');

  // The bell: the notification, marked read; then the calendar.
  const bell = page.getByRole('button', { name: /^通知與行事曆/ });
  await expect(bell).toHaveAccessibleName(/則未讀通知/);
  await bell.click();
  const drawer = page.locator('.investor-bell__drawer');
  const item = drawer.locator('.investor-bell__item', { hasText: notice });
  await expect(item).toHaveClass(/investor-bell__item--unread/);
  await item.getByRole('button', { name: '標為已讀' }).click();
  await expect(item).not.toHaveClass(/investor-bell__item--unread/);
  await drawer.getByRole('tab', { name: '行事曆' }).click();
  await expect(drawer.locator('.investor-home__events')).toBeVisible();
  await expectNoLatin(page, 'notifications drawer (phone)');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Messages: a new conversation with the firm.
  await page
    .locator('.investor-home__card', { hasText: '訊息與通知' })
    .getByRole('link', { name: '查看訊息' })
    .click();
  await expect(page).toHaveURL(/\/investor\/contact/);
  await closeTourIfOpen(page);
  await expect(page.getByRole('heading', { name: '聯絡窗口' })).toBeVisible();
  await page.getByRole('button', { name: '新的對話' }).click();
  await page.getByLabel('主旨').fill(subject);
  await page.getByLabel('訊息內容').fill(body);
  await page.getByRole('button', { name: '送出訊息' }).click();
  await expect(page.getByText('訊息已送出，我們會盡快回覆')).toBeVisible();
  const thread = page.locator('.inbox-thread');
  await expect(thread.getByRole('heading', { name: subject })).toBeVisible();
  await expect(thread.locator('.inbox-message--client').last()).toContainText(body);
  await expectNoLatin(page, 'investor messages (phone)');
  await expectNoSeriousA11yViolations(page, 'investor messages (phone)');
  await page.getByRole('link', { name: '返回對話列表' }).click();
  await expect(page.locator('.inbox-row', { hasText: subject })).toBeVisible();

  // An ir finds it in the unreplied tab.
  const staff = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  const inbox = await staff.newPage();
  await inbox.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(inbox, 'ir@example.com');
  await expect(inbox).toHaveURL(/\/dashboard\/report/);
  await inbox.goto('/dashboard/contact/unreplied');
  const row = inbox.locator('.inbox-row', { hasText: subject });
  await expect(row).toBeVisible();
  await expect(row.locator('.inbox-status')).toHaveText('未回覆');
  await staff.close();
});

test('the investor header keeps one line at 1440 px with the bell', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await areaSignIn(page, '投資人', INVESTOR);
  await expect(page).toHaveURL(/\/investor\/cases/);
  await closeTourIfOpen(page);
  await page.goto('/investor');
  await closeTourIfOpen(page);
  const header = page.locator('.investor-header');
  await expect(header.getByRole('button', { name: /^通知與行事曆/ })).toBeVisible();
  const box = await header.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(80);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
