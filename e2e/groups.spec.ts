import type { Page } from '@playwright/test';
import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  expectPath,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #9: an admin builds a client group from the demo investors, changes it and removes it;
 * each screen reads in zh-TW only and passes axe.
 */

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .df-loading')).toHaveCount(0);
  // antd's motion (modal, popconfirm, page transition): let it end before reading colours.
  await page.waitForTimeout(400);
}

async function check(page: Page, where: string) {
  await settle(page);
  await expectNoLatin(page, where);
  await expectNoSeriousA11yViolations(page, where);
}

/** Picks a demo investor in the client picker and adds them. */
async function addMember(page: Page, name: string) {
  const picker = page.getByLabel('加入投資人');
  await picker.click();
  await picker.fill(name);
  // The visible entry of the list (antd also keeps a hidden one for screen readers).
  await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
  await page.getByRole('button', { name: '加入群組' }).click();
  await expect(page.getByText(`已將 ${name} 加入群組`)).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test('admin builds a client group, adds and removes investors, renames and deletes it', async ({ page }) => {
  // Digits only: a group name is shown on every screen checked for Latin text.
  const name = `說明會邀請名單 ${Date.now() % 100_000}`;
  await staffSignIn(page, 'admin@example.com');
  await expectPath(page, '/dashboard/report?type=case');

  await page.getByRole('link', { name: '客戶群組' }).click();
  await expectPath(page, '/dashboard/group');
  await expect(page.getByRole('heading', { name: '客戶群組', level: 3 })).toBeVisible();
  await check(page, 'the group list');

  await page.getByRole('button', { name: '新增群組' }).first().click();
  const dialog = page.getByRole('dialog', { name: '新增客戶群組' });
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(dialog.getByText('請輸入群組名稱')).toBeVisible();
  await check(page, 'the new group form with an error');
  await dialog.getByLabel('群組名稱').fill(name);
  await dialog.getByLabel('說明').fill('每季說明會要邀請的投資人');
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();

  // A new group opens on its own page, where members are added.
  await expect(page).toHaveURL(/\/dashboard\/group\/\d+$/, { timeout: 20_000 });
  const groupUrl = page.url();
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  await expect(page.getByText('這個群組還沒有成員。')).toBeVisible();
  await check(page, 'an empty group');

  await addMember(page, '周美玲');
  await addMember(page, '吳宗翰');
  const rows = page.locator('.group-member-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('2 位成員', { exact: true })).toBeVisible();
  const zhou = rows.filter({ hasText: '周美玲' });
  await expect(zhou).toContainText('普通合夥人');
  await expect(zhou).toContainText('P6 維繫');
  await expect(zhou.getByRole('link', { name: '周美玲' })).toHaveAttribute(
    'href',
    /\/dashboard\/investor\/\d+$/,
  );
  await check(page, 'a group with two members');

  // The list shows the group with its two members.
  await page.getByRole('link', { name: /回到客戶群組/ }).click();
  const listed = page.locator('.group-table tbody tr.ant-table-row').filter({ hasText: name });
  await expect(listed).toContainText('2');
  await listed.getByRole('link', { name }).click();
  await expect(page).toHaveURL(groupUrl);

  // Removing asks first.
  await zhou.getByRole('button', { name: '移出 周美玲' }).click();
  await expect(page.getByText('將 周美玲 移出群組？')).toBeVisible();
  await check(page, 'removing a member');
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /移\s*出/ })
    .click();
  await expect(page.getByText('已將 周美玲 移出群組')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('吳宗翰');

  // Rename.
  const renamed = `${name} 第二季`;
  await page.getByRole('button', { name: '編輯' }).click();
  const edit = page.getByRole('dialog', { name: `編輯群組：${name}` });
  await check(page, 'the rename form');
  await edit.getByLabel('群組名稱').fill(renamed);
  await edit.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(page.getByRole('heading', { name: renamed, level: 3 })).toBeVisible();
  await expect(page.getByText(`已更新群組「${renamed}」`)).toBeVisible();

  // Delete, after confirming; back on the list, the group is gone.
  await page.getByRole('button', { name: '刪除群組' }).click();
  await expect(page.getByText(`刪除「${renamed}」？`)).toBeVisible();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /刪除群組/ })
    .click();
  await expectPath(page, '/dashboard/group');
  await expect(page.getByText(`已刪除群組「${renamed}」`)).toBeVisible();
  await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);

  // Its page now says it is gone.
  await page.goto(groupUrl);
  await expect(page.getByText('找不到這個群組，可能已被刪除。')).toBeVisible();
  await check(page, 'a deleted group');
});
