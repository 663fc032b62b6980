import { expect, expectNoLatin, staffSignIn, test } from './support.ts';

/**
 * Issue #12, background work: an admin batch-generates LP subscription contracts for two demo
 * investors on a case from its 法律文件 tab. The server's job queue makes them (the request only
 * queues the batch); the dialog follows the progress until both are done and the list shows them.
 * Case 2: the journeys share one server, and legal-documents.spec.ts starts from case 1 empty.
 */
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

async function pick(page: import('@playwright/test').Page, name: string) {
  const field = page.getByRole('dialog').getByRole('combobox', { name: '投資人' });
  await field.click();
  await field.fill(name);
  const option = page.locator('.ant-select-item-option', { hasText: name }).first();
  await expect(option).toBeVisible();
  await option.click();
}

test('an admin batch-generates subscription contracts for two demo investors and sees both in the list', async ({
  page,
}) => {
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/manager/2?tab=documents');
  await expect(page.locator('.legal-docs')).toBeVisible();

  await page.getByRole('button', { name: '批次產生' }).click();
  const dialog = page.getByRole('dialog', { name: '批次產生法律文件' });
  await expect(dialog.getByText('有限合夥認購契約')).toBeVisible();
  await pick(page, '李家豪');
  await pick(page, '周美玲');
  await expect(dialog.getByText('已選 2 位投資人')).toBeVisible();
  await expectNoLatin(page, 'the batch dialog');
  await dialog.getByRole('button', { name: '開始產生' }).click();

  // Queued, then run by the job queue: the progress bar reaches both, the summary says so.
  await expect(dialog.getByText('已產生 2 份文件')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('已處理 2 / 2 位投資人')).toBeVisible();
  await expect(dialog.getByText('全部完成，文件已加入下方清單。')).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(dialog).toBeHidden();

  for (const name of ['李家豪', '周美玲']) {
    const item = page.locator('.legal-docs__item', { hasText: name }).filter({ hasText: '認購契約' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('草稿');
  }
});
