import { expect, signOut, staffSignIn, test } from './support.ts';

/**
 * Issue #11, work logs: an ao logs a call on a case from its 工作紀錄 tab and finds it on their own
 * work-log page, linked back to the case; an sa (who reads no case) sees neither the log nor the tab.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('an ao logs a call on a case and finds it on their work log; an sa does not see it', async ({
  page,
}) => {
  const note = `與執行長通話討論估值 ${Date.now()}`;
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard?status=all');
  const first = page.locator('a[href^="/dashboard/manager/"]').first();
  const caseName = (await first.textContent())?.trim() ?? '';
  await first.click();
  // The tab bar overflows and measures itself after the fonts arrive: a click during that
  // reflow can land beside the tab, so click until the tab is the one open.
  await expect(async () => {
    await page.getByRole('tab', { name: '工作紀錄' }).click();
    await expect(page).toHaveURL(/tab=workLogs/, { timeout: 2000 });
  }).toPass({ timeout: 15000 });
  await page.getByRole('button', { name: '新增工作紀錄' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('內容').fill(note);
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(note)).toBeVisible();

  await page.getByRole('link', { name: '工作紀錄' }).click();
  await expect(page).toHaveURL(/\/dashboard\/worklog$/);
  const entry = page.locator('.item-card', { hasText: note });
  await expect(entry).toBeVisible();
  await entry.getByRole('link', { name: `案件：${caseName}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager\/\d+\?tab=workLogs/);
  await expect(page.getByText(note)).toBeVisible();

  await signOut(page);
  await staffSignIn(page, 'sa@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/worklog');
  await expect(page.getByRole('heading', { name: '工作紀錄', level: 3 })).toBeVisible();
  await expect(page.getByText('還沒有工作紀錄')).toBeVisible();
  await expect(page.getByText(note)).toHaveCount(0);
});
