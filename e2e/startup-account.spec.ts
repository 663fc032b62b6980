import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  newestMailMatch,
  outboxTime,
  registerStartup,
  signInStartup,
  signOut,
  test,
} from './support.ts';

/**
 * Issue 14, the startup's 帳號設定 at 1440 and at 390 px: a startup made for this journey (through the
 * registration API, never the demo startup other journeys sign in as) changes its password, signs
 * out and in with the new one, then changes its sign-in email with the code read from the outbox.
 */
const FIRST = 'violet-harbour-lantern-42';
const SECOND = 'amber-quarry-telescope-77';
// Digits only: the names it makes show on staff pages the zh-TW walk reads for stray Latin text.
const unique = () => String(Math.floor(Math.random() * 1e9));

for (const width of [1440, 390]) {
  test(`a startup changes its password and its sign-in email at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    const email = `acct-${unique()}@example.com`;
    await registerStartup(page.request, email, FIRST);
    await signInStartup(page, email, FIRST);

    await page.getByRole('link', { name: '帳號設定' }).click();
    await expect(page).toHaveURL(/\/startup\/account$/);
    await expect(page.getByRole('heading', { name: '帳號設定' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `startup account settings at ${width} px`);
    await expectNoLatin(page, `startup account settings at ${width} px`);

    // Password: a wrong current password is refused; then the change.
    const passwordCard = page.locator('form[id="startup-password"]');
    await passwordCard.getByLabel('目前的密碼').fill('not-my-password');
    await passwordCard.getByLabel('新密碼', { exact: true }).fill(SECOND);
    await passwordCard.getByLabel('確認新密碼').fill(SECOND);
    await expect(page.getByText(/密碼強度：(強|非常強)/)).toBeVisible();
    await passwordCard.getByRole('button', { name: '變更密碼' }).click();
    await expect(page.getByText('目前的密碼不正確。')).toBeVisible();
    await passwordCard.getByLabel('目前的密碼').fill(FIRST);
    await passwordCard.getByRole('button', { name: '變更密碼' }).click();
    await expect(page.getByText('密碼已變更，其他裝置上的登入已結束。')).toBeVisible();
    await page.screenshot({ path: `test-results/e2e/startup-account-${width}.png`, fullPage: true });

    await signOut(page);
    await signInStartup(page, email, SECOND);

    // Email: the code goes to the new address; the change takes effect once it comes back.
    await page.goto('/startup/account');
    const next = `acct-new-${unique()}@example.com`;
    const emailCard = page.locator('form[id="startup-email"]');
    await emailCard.getByLabel('新的電子郵件').fill(next);
    await emailCard.getByLabel('目前的密碼').fill(SECOND);
    const since = outboxTime();
    await emailCard.getByRole('button', { name: '寄送驗證碼' }).click();
    await expect(page.getByText(`驗證碼已寄到 ${next}`, { exact: false })).toBeVisible();
    const code = await newestMailMatch(next, since, /^\s{4}(\d{6})$/m);
    const otp = page.locator('form[id="startup-email-code"]').getByRole('textbox');
    await otp.first().click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: '確認變更' }).click();
    await expect(page.getByText(`登入電子郵件已改為 ${next}，其他裝置上的登入已結束。`)).toBeVisible();
    await expect(page.getByText(`目前的登入電子郵件：${next}`)).toBeVisible();

    await signOut(page);
    await signInStartup(page, next, SECOND);
  });
}
