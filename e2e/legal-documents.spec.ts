import { expect, staffSignIn, test } from './support.ts';

/**
 * Issue #12, legal documents: an admin generates the NDA for the demo investor on a case from the
 * case's 法律文件 tab, opens it in the viewer (Chinese text on page 1), sends it, and verifies its
 * audit trail.
 */
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

test('an admin generates the NDA for the demo investor, previews, sends and verifies it', async ({
  page,
}) => {
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/manager/1?tab=documents');
  await expect(page.getByText('尚未產生任何法律文件')).toBeVisible();

  await page.getByRole('button', { name: '產生文件' }).click();
  const dialog = page.getByRole('dialog', { name: '產生法律文件' });
  await dialog.getByLabel('簽署人（投資人）').click();
  await dialog.getByLabel('簽署人（投資人）').fill('investor@example.com');
  const option = page.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  const signer = (await option.textContent())?.trim() ?? '';
  await option.click();
  await dialog.getByRole('button', { name: /產生文件/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('文件已產生')).toBeVisible();

  const item = page.locator('.legal-docs__item').first();
  await expect(item).toContainText('保密協議書');
  await expect(item).toContainText('草稿');
  expect(signer).not.toBe('');

  await item.getByRole('button', { name: '預覽' }).click();
  const viewer = page.getByRole('dialog', { name: '保密協議書' });
  await expect(viewer.getByText('第 1 頁，共 1 頁', { exact: true }).first()).toBeVisible();
  await expect(viewer.locator('.textLayer')).toContainText('保密協議書');
  await expect(viewer.locator('.textLayer')).toContainText('5 年內有效');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await item.getByRole('button', { name: '送出' }).click();
  await page.getByRole('button', { name: /確\s*定|OK/ }).click();
  await expect(page.getByText('文件已送出')).toBeVisible();
  await expect(item).toContainText('已送出');

  await item.getByRole('button', { name: '驗證' }).click();
  const verify = page.getByRole('dialog', { name: /驗證/ });
  await expect(verify.getByText('文件與稽核軌跡完整，未遭變更')).toBeVisible();
  await expect(verify.getByText('送出給簽署人')).toBeVisible();
});
