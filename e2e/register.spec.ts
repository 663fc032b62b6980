import type { Page } from '@playwright/test';
import {
  closeTourIfShown,
  expect,
  expectNoSeriousA11yViolations,
  newestMailMatch,
  outboxTime,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue 14, self-service registration: a new startup registers at 1440 px (the code read from the
 * mail outbox) and lands in the startup area; a new investor registers at 390 px and waits for
 * approval; an sa finds the 新申請 tag, approves, and the investor signs in to the investor area.
 */
const PASSWORD = 'violet-harbour-lantern-42';
// Digits only: the names it makes show on staff pages the zh-TW walk reads for stray Latin text.
const unique = () => String(Math.floor(Math.random() * 1e9));

async function proveEmail(page: Page, kind: RegExp, email: string) {
  await page.goto('/register');
  await page.getByText(kind).click();
  await page.getByLabel('電子郵件').fill(email);
  const since = outboxTime();
  await page.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(page.getByText(`驗證碼已寄至 ${email}`)).toBeVisible();
  const code = await newestMailMatch(email, since, /^\s{4}(\d{6})$/m);
  // A wrong code first: refused, with the tries left.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(wrong);
  await page
    .getByRole('button', { name: '驗 證' })
    .or(page.getByRole('button', { name: '驗證' }))
    .click();
  await expect(page.getByText('驗證碼不正確，還可再試 4 次。')).toBeVisible();
  await expect(page.getByRole('textbox').first()).toHaveValue('');
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await page
    .getByRole('button', { name: '驗 證' })
    .or(page.getByRole('button', { name: '驗證' }))
    .click();
  await expect(page.getByText('請設定登入密碼。')).toBeVisible();
}

async function choosePassword(page: Page) {
  // A common password is refused, with the reason.
  await page.getByLabel('新密碼', { exact: true }).fill('password123');
  await expect(page.getByText('這是最常見的密碼之一，很容易被猜到。')).toBeVisible();
  await page.getByLabel('新密碼', { exact: true }).fill(PASSWORD);
  await page.getByLabel('確認新密碼').fill(PASSWORD);
  await expect(page.getByText(/密碼強度：(強|非常強)/)).toBeVisible();
  await page.getByRole('button', { name: /下一步/ }).click();
}

test('a new startup registers at 1440 px and lands in the startup area', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = `startup-${unique()}@example.com`;
  await proveEmail(page, /新創團隊：申請募資/, email);
  await choosePassword(page);
  await page.getByLabel('公司名稱').fill(`曜光材料股份有限公司 ${unique()}`);
  await page.getByLabel('聯絡人').fill('陳志明');
  await page.getByLabel('聯絡電話').fill('02-2345-6789');
  await page.getByLabel('產業').fill('新材料');
  await page.keyboard.press('Enter');
  await page.getByLabel('公司簡介').fill('以回收碳纖維製作輕量化零件，供應電動機車與自行車廠。');
  await expectNoSeriousA11yViolations(page, 'registration form (startup)');
  await page.getByRole('button', { name: '送出申請' }).click();
  await expect(page.getByText('註冊完成')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/register-startup-done-1440.png' });

  await page.getByRole('link', { name: '登入並完成公司資料' }).click();
  await page.getByText('新創團隊', { exact: true }).click();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page).toHaveURL(/\/startup/);
});

test('a new investor registers at 390 px, waits for approval, an sa approves and the investor signs in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `investor-${unique()}@example.com`;
  const name = `林佳蓉 ${unique()}`;
  await proveEmail(page, /投資人：申請成為會員/, email);
  await page.screenshot({ path: 'test-results/e2e/register-code-390.png' });
  await choosePassword(page);
  await page.getByLabel('姓名').fill(name);
  await page.getByLabel('聯絡電話').fill('0912-345-678');
  await page.getByLabel('關注產業').fill('醫療');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '送出申請' }).click();
  await expect(page.getByText('申請已送出')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/e2e/register-investor-done-390.png' });

  // Signed in before approval: told the application is being reviewed.
  await page.getByRole('link', { name: '前往投資人登入' }).click();
  await page.getByText('投資人', { exact: true }).click();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await closeTourIfShown(page);
  await expect(page.getByText('您的會員申請正在審核中，核准後即可瀏覽案件。').first()).toBeVisible();
  await signOut(page);

  // An sa finds the application and approves it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'sa@example.com');
  await page.waitForURL(/\/dashboard\/report/);
  await page.goto('/dashboard/investor?application=pending');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('新申請')).toBeVisible();
  await row.getByText(name).click();
  await page.getByRole('button', { name: '核准申請' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '核准申請' }).click();
  await expect(page.getByText('已核准會員申請')).toBeVisible();
  await expect(page.getByRole('button', { name: '核准申請' })).toHaveCount(0);
  await signOut(page);

  // The investor signs in: no more waiting.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByText('投資人', { exact: true }).click();
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await closeTourIfShown(page);
  await expect(page).toHaveURL(/\/investor/);
  await expect(page.getByText('您的會員申請正在審核中，核准後即可瀏覽案件。')).toHaveCount(0);
});
