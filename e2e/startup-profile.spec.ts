import { isValidUbn } from '@dealflow/domain';
import { samplePdf } from '../apps/server/test/pdfSamples.ts';
import {
  expect,
  expectNoSeriousA11yViolations,
  registerStartup,
  signInStartup,
  startupCaseId,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue 14, the review cycle in the browser: a startup registered for it (at 1440 px) fills its unified
 * business number and uploads its cap table, submits; the demo ao takes the application on (承接此申請)
 * and, now its AO, comments on that field; the
 * startup (now at 390 px) reads the comment beside the field, answers and resubmits; the AO
 * applies it, and the case's history shows the new number.
 */
test.setTimeout(180_000);

// A startup registered for this journey: the demo startup's case is walked by zh-tw.spec, and
// a proposal applied here would change what that walk reads.
const PASSWORD = 'violet-harbour-lantern-42';
const STARTUP = `profile-${Math.floor(Math.random() * 1e9)}@example.com`;

test('a startup proposes its profile, an AO comments on a field, the startup answers and resubmits, the AO applies it', async ({
  page,
}) => {
  const ubn = '22099131';
  expect(isValidUbn(ubn)).toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await registerStartup(page.request, STARTUP, PASSWORD);
  await signInStartup(page, STARTUP, PASSWORD);
  await expect(page.getByText('資料完成度')).toBeVisible();
  const caseId = await startupCaseId(page);

  // A wrong checksum is told in words; the right number is taken.
  const sn = page.getByLabel('統一編號');
  await sn.fill('12345678');
  await sn.blur();
  await expect(page.getByText('統一編號應為 8 位數字且符合檢查碼規則')).toBeVisible();
  await sn.fill(ubn);
  await sn.blur();
  await expect(page.getByText('統一編號應為 8 位數字且符合檢查碼規則')).toHaveCount(0);

  // One document: the cap table, uploaded from the documents section.
  await page.getByRole('button', { name: '文件與圖片' }).click();
  const capTable = page.locator('.ant-form-item', { has: page.getByText('股權結構表', { exact: true }) });
  const pdf = await samplePdf([{ text: '股權結構表 2026 年 11 月' }]);
  const fileName = `股權結構表-${Date.now()}.pdf`;
  await capTable
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
  await expect(capTable.getByText(fileName).first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, '/startup (1440)');

  await page.getByRole('button', { name: '送出審核' }).click();
  await expect(page.getByText('已送出審核，我們會盡快回覆')).toBeVisible();
  await expect(page.locator('.startup-profile__progress').getByText('審核中')).toBeVisible();
  await signOut(page);

  // The ao takes the application on from the case page and becomes its AO.
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${caseId}`);
  await expect(page.getByText('新申請').first()).toBeVisible();
  await page.getByRole('button', { name: '承接此申請' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '承接此申請' }).click();
  await expect(page.getByText('已承接，您現在是此案件的客戶經理。')).toBeVisible();
  await expect(page.getByText('客戶經理：林怡君')).toBeVisible();
  await expect(page.getByRole('button', { name: '承接此申請' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'case page after take-on');

  // The AO reads the proposal on the case's 新創更新 tab and comments on the number.
  await page.goto(`/dashboard/manager/${caseId}?tab=review`);
  const snRow = page.getByRole('row', { name: /公司資料・統一編號/ });
  await expect(snRow).toContainText(ubn);
  await snRow.getByRole('button', { name: '對此欄位留言' }).click();
  const comment = '請確認統一編號與公司變更登記表一致';
  await page.getByLabel('新增留言').fill(comment);
  await page.getByRole('button', { name: '新增留言' }).click();
  await expect(page.locator('.item-card__content', { hasText: comment })).toBeVisible();
  await signOut(page);

  // The startup, on a phone, finds the comment beside the field, answers it and resubmits.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStartup(page, STARTUP, PASSWORD);
  const note = page.getByTestId('review-comment').filter({ hasText: comment });
  await expect(note).toBeVisible();
  await note.getByLabel('回覆這則意見').fill('已核對，與變更登記表相同');
  await note.getByRole('button', { name: '送出回覆' }).click();
  await expect(page.getByText('回覆已送出')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, '/startup (390)');
  await page.getByRole('button', { name: '送出審核' }).click();
  await expect(page.getByText('已送出審核，我們會盡快回覆')).toBeVisible();
  await signOut(page);

  // The AO sees the answer, applies the proposal, and the case's history has the new number.
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${caseId}?tab=review`);
  await expect(page.getByText('新創回覆：已核對，與變更登記表相同')).toBeVisible();
  await page.getByRole('button', { name: '套用到案件' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '套用到案件' }).click();
  await expect(page.getByText('已套用到案件')).toBeVisible();
  await page.goto(`/dashboard/manager/${caseId}?tab=history`);
  await expect(page.getByText(ubn).first()).toBeVisible();
  await expect(page.getByText(/公司資料・統一編號/).first()).toBeVisible();
});
