import type { Page } from '@playwright/test';
import { expect, signOut, staffSignIn, test } from './support.ts';

const QUESTION = '有尚未儲存的變更，確定要離開？';

// Each journey signs in and creates a case; on a busy machine that alone can take half a minute.
test.setTimeout(120_000);

/** A fresh case of the demo AO, opened on its page. */
async function newCase(page: Page): Promise<string> {
  const name = `E2E 未儲存 ${Date.now()}`;
  await page.goto('/dashboard?status=all');
  await page.getByRole('button', { name: '新增案件' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('公司名稱').fill(name);
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return page.url();
}

test('a dirty term sheet is never lost: asks before leaving, keeps the draft across tabs, saves from the bar', async ({
  page,
}) => {
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  const caseUrl = await newCase(page);

  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  const security = page.getByLabel('證券類型');
  await security.fill('特別股');
  const bar = page.getByRole('region', { name: '未儲存的變更' });
  await expect(bar).toBeVisible();

  // Another tab of the same case: no question, and the draft is still there on return.
  await page.getByRole('tab', { name: '概覽', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  await expect(security).toHaveValue('特別股');

  // Leaving by a link asks; 留下 keeps the page and the edit.
  await page.getByRole('link', { name: '回到案件列表' }).click();
  const dialog = page.getByRole('dialog', { name: QUESTION });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /留\s*下/ }).click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(caseUrl.replace(/$/, '?tab=termSheet'));
  await expect(security).toHaveValue('特別股');

  // The browser's back button asks too.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /留\s*下/ }).click();
  // The closed dialog hands the focus back; only then is the save button the one to press.
  await expect(dialog).toBeHidden();
  await expect(security).toHaveValue('特別股');

  // Save from the sticky bar (keyboard), then leave without a question.
  await bar.getByRole('button', { name: /儲\s*存/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已儲存')).toBeVisible();
  await expect(bar).toBeHidden();
  await page.getByRole('link', { name: '回到案件列表' }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=all$/);
  await expect(page.getByRole('dialog', { name: QUESTION })).toHaveCount(0);

  // A new edit, then 離開: the draft is discarded, the saved value stays.
  await page.goto(`${caseUrl}?tab=termSheet`);
  await expect(security).toHaveValue('特別股');
  await security.fill('普通股');
  await page.getByRole('link', { name: '回到案件列表' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /離\s*開/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?status=all$/);
  await page.goto(`${caseUrl}?tab=termSheet`);
  await expect(security).toHaveValue('特別股');

  // 捨棄 in the bar puts the stored value back.
  await security.fill('可轉債');
  await bar.getByRole('button', { name: /捨\s*棄/ }).click();
  await expect(security).toHaveValue('特別股');
  await expect(bar).toBeHidden();
});

test('an ao who is not on a case reads it as text and may still add a to-do', async ({ page }) => {
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  const caseUrl = await newCase(page);
  await signOut(page);

  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`${caseUrl}?tab=termSheet`);
  // A record, not disabled inputs.
  await expect(page.locator('.record-view')).toBeVisible();
  await expect(page.getByLabel('證券類型')).toHaveCount(0);
  await page.getByRole('tab', { name: '待辦', exact: true }).click();
  await expect(page.getByText('追蹤這個案件要做的事。')).toBeVisible();
  const todo = `跟進財報 ${Date.now()}`;
  await page.getByRole('button', { name: '新增待辦' }).click();
  await page.getByRole('dialog').getByLabel('標題').fill(todo);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /儲\s*存/ })
    .click();
  await expect(page.locator('[data-kind="todos"]').getByText(todo)).toBeVisible();
});
