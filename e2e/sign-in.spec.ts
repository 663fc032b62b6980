import { areaSignIn, expectPath, signOut, staffSignIn, expect, test } from './support.ts';

const staff = [
  { email: 'admin@example.com', home: '/dashboard/report?type=case' },
  { email: 'ao@example.com', home: '/dashboard/report?type=case' },
  { email: 'ir@example.com', home: '/dashboard/report?type=investor' },
  { email: 'sa@example.com', home: '/dashboard/report?type=investor' },
];

for (const { email, home } of staff) {
  test(`${email} signs in on the dashboard, lands on their report and signs out`, async ({ page }) => {
    await staffSignIn(page, email);
    await expectPath(page, home);
    await signOut(page);
    await expectPath(page, '/dashboard/login');
  });
}

test('an investor signs in at /login, lands in the investor area and signs out to the home page', async ({
  page,
}) => {
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expectPath(page, '/investor/cases/s1');
  await signOut(page);
  await expect(page).toHaveURL(/\/(login)?$/);
});

test('a startup signs in at /login, lands in the startup area and signs out to /login', async ({ page }) => {
  await areaSignIn(page, '新創團隊', 'startup@example.com');
  await expectPath(page, '/startup');
  await signOut(page);
  await expectPath(page, '/login');
});

test('a wrong password is told in Chinese, the server text under 詳細資訊', async ({ page }) => {
  await page.goto('/dashboard/login');
  await page.getByLabel('電子郵件').fill('admin@example.com');
  await page.getByLabel('密碼').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expect(page.getByRole('alert')).toContainText('電子郵件或密碼不正確。');
  await expect(page.getByText(/401/)).toBeHidden();
  await page.getByRole('button', { name: '詳細資訊' }).click();
  await expect(page.getByText('[401] Incorrect email or password')).toBeVisible();
  await expectPath(page, '/dashboard/login');
});
