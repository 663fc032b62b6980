import type { Page } from '@playwright/test';
import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  expectPath,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #11, the business-card book: an ao creates a card and shares it read-only with the ir, who
 * can open but not edit it; the sa cannot find it. Each screen reads in zh-TW only and passes axe.
 */

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .df-loading')).toHaveCount(0);
  // antd's motion (drawer, popconfirm): let it end before reading colours.
  await page.waitForTimeout(400);
}

async function check(page: Page, where: string) {
  await settle(page);
  await expectNoLatin(page, where);
  await expectNoSeriousA11yViolations(page, where);
}

async function openCards(page: Page) {
  await page.getByRole('link', { name: '名片簿' }).click();
  await expectPath(page, '/dashboard/cards');
  await expect(page.getByRole('heading', { name: '名片簿', level: 3 })).toBeVisible();
}

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

test('an ao creates a card and shares it read-only with the ir; the sa cannot find it', async ({ page }) => {
  // Digits only in the name: it is on screens checked for Latin text.
  const name = `周律師 ${Date.now() % 100_000}`;

  await staffSignIn(page, 'ao@example.com');
  await expectPath(page, '/dashboard/report?type=case');
  await openCards(page);
  await check(page, 'the card book');
  // The demo book's cards, two phones on one of them, fit 1440 px without a sideways scroll.
  await expect(page.getByRole('button', { name: '黃國華', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => {
    const content = document.querySelector('.card-table .ant-table-content, .card-table .ant-table-body');
    return content ? content.scrollWidth - content.clientWidth : -1;
  });
  expect(overflow).toBe(0);

  await page.getByRole('button', { name: '新增名片' }).first().click();
  const drawer = page.getByRole('dialog', { name: '新增名片' });
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  await expect(drawer.getByText('請輸入姓名')).toBeVisible();
  await drawer.getByLabel('姓名').fill(name);
  await drawer.getByLabel('公司').fill('周氏聯合法律事務所');
  await drawer.getByLabel('職稱').fill('主持律師');
  await check(page, 'the new card form');
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page.getByText(`已新增名片「${name}」`)).toBeVisible();
  await expect(page).toHaveURL(/\?card=\d+$/);
  const cardUrl = new URL(page.url());

  // The sharing panel: the ir may read it.
  const edit = page.getByRole('dialog', { name: `編輯名片：${name}` });
  await expect(edit.getByText('分享與權限')).toBeVisible();
  await edit.getByLabel('同事', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: '陳志豪' }).click();
  await edit.getByRole('button', { name: /分\s*享/ }).click();
  await expect(page.getByText(/已更新 陳志豪.* 的權限/)).toBeVisible();
  await expect(edit.getByLabel('權限 陳志豪')).toBeVisible();
  await check(page, 'the card with its sharing panel');
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await expect(
    page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true })),
  ).toBeVisible();
  await signOut(page);

  // The ir finds it and opens it read-only.
  await staffSignIn(page, 'ir@example.com');
  await expectPath(page, '/dashboard/report?type=investor');
  await openCards(page);
  await page.getByLabel('搜尋姓名、公司、電子郵件或電話').fill(name);
  await expect(page.getByText('共 1 張名片')).toBeVisible();
  await page.getByRole('button', { name, exact: true }).click();
  const view = page.getByRole('dialog', { name: `名片：${name}` });
  await expect(view.getByText('您對這張名片只有檢視權限。')).toBeVisible();
  await expect(view.getByText('周氏聯合法律事務所')).toBeVisible();
  await expect(view.getByLabel('姓名')).toHaveCount(0);
  await expect(view.getByRole('button', { name: /儲\s*存/ })).toHaveCount(0);
  await expect(view.getByText('分享與權限')).toHaveCount(0);
  await check(page, 'a card read-only');
  await view
    .getByRole('button', { name: /關\s*閉/ })
    .first()
    .click();
  await signOut(page);

  // The sa does not find it, by search or by its address.
  await staffSignIn(page, 'sa@example.com');
  await expectPath(page, '/dashboard/report?type=investor');
  await openCards(page);
  // Their book holds none of the ao's cards: searched by its name, nothing.
  await page.goto(`/dashboard/cards?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('沒有符合條件的名片')).toBeVisible();
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.goto(`/dashboard/cards${cardUrl.search}`);
  await expect(page.getByText('找不到這張名片，或您沒有檢視權限。')).toBeVisible();
  await check(page, 'a card the sa may not read');
});
