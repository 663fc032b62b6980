import type { Page } from '@playwright/test';
import { expect, expectNoLatin, expectNoSeriousA11yViolations, staffSignIn, test } from './support.ts';

/**
 * Issue #11: the demo investor's question waits in the inbox as unreplied; an ir opens it and
 * replies; it moves to the replied tab, and an admin's inbox open in another window shows the
 * reply without reloading (the live channel).
 */

const SUBJECT = '遠見醫影增資說明會';
const REPLY = '可以的，我們會在說明會前一天寄送線上會議連結給您。';

async function openInbox(page: Page, email: string, path: string) {
  await staffSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(path);
  // The stream is open: new messages arrive without polling.
  await expect(page.locator('.inbox-live')).toHaveText('即時更新');
}

const row = (page: Page) => page.locator('.inbox-row', { hasText: SUBJECT });

test('an ir replies to the demo investor: unreplied → replied, seen live by another inbox', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openInbox(page, 'ir@example.com', '/dashboard/contact/unreplied');
  await expect(row(page)).toBeVisible();
  await expect(row(page).locator('.inbox-status')).toHaveText('未回覆');
  // The side panel counts the tab, the menu counts what is unread.
  await expect(page.locator('.inbox-tabs__tab--current .ant-badge')).toContainText('1');
  await expectNoLatin(page, 'inbox (unreplied)');
  await expectNoSeriousA11yViolations(page, 'inbox (unreplied)');

  // An admin watches the whole inbox in another window.
  const other = await browser.newContext({ locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
  const watcher = await other.newPage();
  await watcher.setViewportSize({ width: 1440, height: 900 });
  await openInbox(watcher, 'admin@example.com', '/dashboard/contact');
  await expect(row(watcher).locator('.inbox-status')).toHaveText('未回覆');

  await row(page).click();
  const thread = page.locator('.inbox-thread');
  await expect(thread.getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expect(thread.locator('.inbox-message--client')).toContainText('線上參加');

  // A typed reply is not lost by leaving (another tab is another page): the guard asks first.
  const box = page.getByLabel('回覆訊息');
  await box.fill(REPLY);
  await page
    .getByRole('navigation', { name: '訊息分類' })
    .getByRole('link', { name: /已回覆/ })
    .click();
  await expect(page.getByRole('dialog')).toContainText('尚未儲存');
  await page.getByRole('button', { name: '留下' }).click();
  await expect(box).toHaveValue(REPLY);

  await page.getByRole('button', { name: '送出回覆' }).click();
  await expect(page.getByText('已送出回覆')).toBeVisible();
  await expect(thread.locator('.inbox-message--employee').last()).toContainText(REPLY);
  await expect(thread.locator('.inbox-message--employee').last()).toContainText('陳志豪');
  await expect(thread.locator('.inbox-thread__title-row .inbox-status')).toHaveText('已回覆');

  // It has left the unreplied tab for the replied one.
  await expect(row(page)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: '訊息分類' })
    .getByRole('link', { name: /已回覆/ })
    .click();
  await expect(row(page).locator('.inbox-status')).toHaveText('已回覆');

  // The admin's window shows it without a reload, well before the 5 s poll would.
  await expect(row(watcher).locator('.inbox-status')).toHaveText('已回覆', { timeout: 3_000 });
  await expect(row(watcher)).toContainText('線上會議連結');
  await other.close();
});

test('on a phone the list and the thread take turns', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/contact');
  await row(page).click();
  await expect(page.locator('.inbox-row')).toHaveCount(0);
  await expect(page.locator('.inbox-thread').getByRole('heading', { name: SUBJECT })).toBeVisible();
  await expectNoLatin(page, 'inbox thread (phone)');
  await page.getByRole('link', { name: '返回對話列表' }).click();
  await expect(row(page)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
