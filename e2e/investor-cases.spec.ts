import { readFileSync } from 'node:fs';
import { samplePdf } from '../apps/server/test/pdfSamples.ts';
import { extractText } from '../apps/server/src/lib/pdf/text.ts';
import {
  areaSignIn,
  expect,
  expectNoSeriousA11yViolations,
  newestMailMatch,
  outboxTime,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #13, the investor's case journey at 390 px: the demo investor (a paid member with
 * co-investment) finds a de-identified S2 case under its code name, signs its NDA with the mailed
 * code, then sees the company's name, downloads its presentation stamped with their own name, and
 * registers interest with an amount.
 */
test.describe.configure({ timeout: 180_000 });

const COMPANY = '藍鯨金融科技股份有限公司';
const CASE_ID = 12;
const CODE = 'D-00C';

test('a de-identified case opens to the investor once they sign its NDA', async ({ page }) => {
  // Staff put the case's presentation in its data room first.
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${CASE_ID}`);
  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  const deck = `藍鯨簡報-${Date.now()}.pdf`;
  await page
    .locator('.term-files', { has: page.getByRole('button', { name: '上傳簡報檔' }) })
    .locator('input[type=file]')
    .setInputFiles({
      name: deck,
      mimeType: 'application/pdf',
      buffer: await samplePdf([{ text: '藍鯨 募資簡報' }]),
    });
  await expect(page.getByText(`已上傳「${deck}」`)).toBeVisible();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存')).toBeVisible();
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor/);
  await page.goto('/investor/cases/s2');
  const card = page.locator('.icase-card', { hasText: CODE });
  await expect(card).toBeVisible();
  await expect(page.locator('.icase-list')).not.toContainText(COMPANY);
  await expectNoSeriousA11yViolations(page, '/investor/cases/s2');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/e2e/investor-cases-list-390.png', fullPage: true });

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/investor/cases/detail/${CASE_ID}$`));
  await expect(page.getByRole('heading', { name: CODE, level: 3 })).toBeVisible();
  await expect(page.getByText(/此案件已去識別化/)).toBeVisible();
  await expect(page.locator('main')).not.toContainText(COMPANY);

  // Downloads wait for the NDA.
  await page.getByRole('tab', { name: '下載專區' }).click();
  await expect(page.getByText('請先簽署本案件的保密協議。')).toBeVisible();
  await page.getByRole('link', { name: '前往保密協議' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/investor/cases/detail/${CASE_ID}/nda$`));
  await page.getByRole('button', { name: '產生文件並簽署' }).click();

  const sign = page.getByRole('dialog', { name: /簽署「保密協議書」/ });
  await sign.getByRole('button', { name: '開啟文件' }).click();
  const viewer = page.getByRole('dialog', { name: '保密協議書', exact: true });
  // The NDA names the case by its code name: the company's name is what it protects.
  await expect(viewer.locator('.textLayer')).toContainText(CODE);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await sign.getByRole('checkbox').check();
  const since = outboxTime();
  await sign.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(sign.getByText(/驗證碼已寄至/)).toBeVisible();
  const code = await newestMailMatch('investor@example.com', since, /^\s{4}(\d{6})$/m);
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expect(sign.getByText('簽署完成', { exact: true })).toBeVisible();
  await sign.getByRole('button', { name: '完成' }).click();

  // Signed: the same pages now name the company.
  await expect(page.getByRole('heading', { name: COMPANY, level: 3 })).toBeVisible();
  await expect(page.getByText(/此案件已去識別化/)).toBeHidden();
  await expect(page.locator('.icase-doc')).toContainText('已簽署');

  await page.getByRole('tab', { name: '下載專區' }).click();
  const row = page.locator('.ant-list-item', { hasText: deck });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下載' }).click();
  const file = await (await downloading).path();
  const text = (await extractText(new Uint8Array(readFileSync(file)))).join('').replace(/\s+/g, '');
  expect(text).toContain('李家豪');
  expect(text).toContain('investor@example.com');
  await page.screenshot({ path: 'test-results/e2e/investor-cases-downloads-390.png', fullPage: true });

  // Interest with an amount.
  await page.getByLabel('預計投資金額').fill('2500000');
  await page.getByRole('button', { name: '我有興趣' }).click();
  await expect(page.getByText('您已表達投資意向')).toBeVisible();
  await expect(page.getByText('預計投資金額：NT$2,500,000')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/investor-cases-interest-390.png', fullPage: true });

  // Back on the list, the card names the company and shows the interest.
  await page.goto('/investor/cases/s2');
  const named = page.locator('.icase-card', { hasText: COMPANY });
  await expect(named).toContainText('已表達意向');
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  await page.screenshot({ path: 'test-results/e2e/investor-cases-list-1440.png' });
});

test('an unknown sub-page or stage is a 404, and a case out of reach says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor/);
  await page.goto(`/investor/cases/detail/${CASE_ID}/nonsense`);
  await expect(
    page
      .getByText('This page could not be found')
      .or(page.getByText(/找不到/))
      .first(),
  ).toBeVisible();
  // 雲湧智能 is at S0: not shown to investors.
  await page.goto('/investor/cases/detail/2');
  await expect(page.getByText('找不到這個案件')).toBeVisible();
  await page.getByRole('button', { name: '回到案件列表' }).click();
  await expect(page).toHaveURL(/\/investor\/cases$/);
});

test('an investor asks a question on a case and reads the answer staff give on the case page', async ({
  page,
}) => {
  const question = `請問領投方是誰？${Date.now()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor/);
  await page.goto('/investor/cases/detail/1');
  await page.getByLabel('向團隊提問').fill(question);
  await page.getByRole('button', { name: '送出提問' }).click();
  await expect(page.locator('.icase-qa')).toContainText(question);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/manager/1?tab=comments');
  const asked = page.locator('.investor-questions__item', { hasText: question });
  await expect(asked).toContainText('李家豪');
  await asked.getByLabel('回覆這位投資人').fill('領投方為國發基金。');
  await asked.getByRole('button', { name: '回覆' }).click();
  await expect(asked.locator('.investor-questions__answer')).toContainText('領投方為國發基金。');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor/);
  await page.goto('/investor/cases/detail/1');
  await expect(page.locator('.icase-qa__answer')).toContainText('領投方為國發基金。');
});
