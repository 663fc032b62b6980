import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectPath, signOut, staffSignIn, test, tourPending } from './support.ts';

const INVESTOR = 'investor@example.com';

/** The demo investor has not seen the tour, whatever journeys ran before (they close it). */
async function resetTour(request: APIRequestContext) {
  const login = await request.post('/api/internal/v1/auth/clients', {
    data: { email: INVESTOR, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const reset = await request.put('/api/internal/v1/me/tutorial', {
    data: { seen: false },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reset.ok()).toBe(true);
  // This token has done its job; the journey signs in through the page.
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
}

/** Signs in through the login page without closing the tour (support's areaSignIn closes it). */
async function investorSignIn(page: Page) {
  await page.goto('/login');
  await page.getByText('投資人', { exact: true }).click();
  await page.getByLabel('電子郵件').fill(INVESTOR);
  await page.getByLabel('密碼').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expectPath(page, '/investor/cases/s1');
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the demo investor sees the tour once, closes it, is told where to reopen it, and reopens it', async ({
    page,
    request,
  }) => {
    await resetTour(request);
    await investorSignIn(page);

    const tour = page.locator('.ant-tour');
    await expect(tour).toBeVisible();
    // Below 992 px the menu is a drawer: the first step points at its button, which pulses for 3 s.
    await expect(tour.getByText('選單', { exact: true })).toBeVisible();
    const menuButton = page.locator('[aria-controls="investor-menu-drawer"]');
    await expect(menuButton).toHaveClass(/tour-pulse/);
    await expect(menuButton).not.toHaveClass(/tour-pulse/, { timeout: 5_000 });
    await expectNoHorizontalScroll(page);
    // On through the steps: messages and contracts come after the menu.
    await tour.getByRole('button', { name: /下一步/ }).click();
    await expect(tour.getByText(/聯絡窗口|案件卡片/).first()).toBeVisible();

    await page.locator('.ant-tour-close').click();
    await expect(tour).toBeHidden();
    const hint = page.getByText('之後隨時可以從右上角的「說明」選單重新開啟導覽。');
    await expect(hint).toBeVisible();
    await page.getByRole('button', { name: '確定' }).click();
    await expect(hint).toBeHidden();
    await expect.poll(() => tourPending(page)).toBe(false);

    // Reopened from the help menu in the header.
    await page.getByRole('button', { name: '說明' }).click();
    await page.getByRole('menuitem', { name: '重新開啟平台導覽' }).click();
    await expect(tour).toBeVisible();
    await expect(tour.getByText('選單', { exact: true })).toBeVisible();
    await page.locator('.ant-tour-close').click();
    await page.getByRole('button', { name: '確定' }).click();

    // Seen is kept on the server: signing in again does not bring it back.
    await signOut(page);
    await investorSignIn(page);
    await expect(page.getByRole('button', { name: '說明' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(tour).toBeHidden();
  });

  test('the investor searches the Q&A, and mailed links go only to safe investor pages', async ({ page }) => {
    await investorSignIn(page);
    // The tour was closed by the journey above (or is closed here when this one runs alone).
    if (await tourPending(page)) {
      await page.locator('.ant-tour-close').click();
      await page.getByRole('button', { name: '確定' }).click();
    }
    await page.goto('/investor/qa');
    await expect(page.getByRole('heading', { name: '常見問題', level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: /我可以在投資人專區看到哪些案件/ })).toBeVisible();
    // The unpublished demo entry is admin's only.
    await expect(page.getByText('會員資格到期後會怎樣？')).toHaveCount(0);
    await expectNoHorizontalScroll(page);

    const search = page.getByRole('textbox', { name: '搜尋問題或答案' });
    await search.fill('驗證碼');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText('共 1 則問答')).toBeVisible();
    // A search opens what it found.
    await expect(page.getByText(/於 10 分鐘內有效/)).toBeVisible();
    await search.fill('沒有這種問題');
    await expect(page.getByText('找不到與「沒有這種問題」相關的問答')).toBeVisible();
    await page.getByRole('button', { name: '清除搜尋' }).click();
    await expect(page.getByText(/共 \d+ 則問答/)).toBeVisible();

    // Mailed links: a safe investor page opens; anything else lands home with a notice.
    await page.goto('/investor/redirect?to=/investor/contract');
    await expectPath(page, '/investor/contract');
    await page.goto(`/investor/redirect?to=${encodeURIComponent('//evil.example.com/investor')}`);
    await expectPath(page, '/investor');
    await expect(
      page.getByText('這個連結無法開啟，可能已失效或不完整，已為您帶到投資人首頁。'),
    ).toBeVisible();
  });

  test('a mailed link opened while signed out signs the investor in, then opens its page', async ({
    page,
  }) => {
    await page.goto('/investor/redirect?to=/investor/qa');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByText('投資人', { exact: true }).click();
    await page.getByLabel('電子郵件').fill(INVESTOR);
    await page.getByLabel('密碼').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*入/ }).click();
    await expectPath(page, '/investor/qa');
  });
});

test('admin adds a Q&A entry at /dashboard/config/qa; deleting one asks first', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await page.getByRole('link', { name: '常見問題設定' }).click();
  await expectPath(page, '/dashboard/config/qa');
  await expect(page.getByText('會員資格到期後會怎樣？')).toBeVisible();
  await page.getByRole('button', { name: '新增問答' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('問題').fill('可以用英文介面嗎？');
  await dialog.getByLabel('回答').fill('可以，右上角的語言選單可切換為 English。');
  await dialog.getByLabel('分類').fill('平台使用');
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('可以用英文介面嗎？')).toBeVisible();
  // Deleting asks first.
  await page.getByRole('button', { name: '刪除 可以用英文介面嗎？' }).click();
  const confirm = page.getByRole('dialog', { name: '刪除「可以用英文介面嗎？」？' });
  await expect(confirm).toBeVisible();
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('可以用英文介面嗎？')).toBeVisible();
});
