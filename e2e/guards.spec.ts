import type { APIRequestContext } from '@playwright/test';
import { areaSignIn, DEMO_PASSWORD, expectPath, staffSignIn, expect, test } from './support.ts';

test('an anonymous visitor is sent to the staff login and returns to the wanted page after signing in', async ({
  page,
}) => {
  await page.goto('/dashboard/auth');
  await expect(page).toHaveURL(/\/dashboard\/login\?redirect=%2Fdashboard%2Fauth$/);
  await page.getByLabel('電子郵件').fill('admin@example.com');
  await page.getByLabel('密碼').fill('dealflow-demo');
  await page.getByRole('button', { name: /登\s*入/ }).click();
  await expectPath(page, '/dashboard/auth');
});

test('a hostile redirect is ignored after sign-in', async ({ page }) => {
  await staffSignIn(page, 'admin@example.com', '/dashboard/login?redirect=%2F%2Fevil.example.com');
  await expectPath(page, '/dashboard/report?type=case');
});

test('ao is redirected away from staff account management', async ({ page }) => {
  await staffSignIn(page, 'ao@example.com');
  await expectPath(page, '/dashboard/report?type=case');
  await page.goto('/dashboard/auth');
  await expectPath(page, '/dashboard/report?type=case');
});

test('ir opening the case list goes to the investor report', async ({ page }) => {
  await staffSignIn(page, 'ir@example.com');
  await expectPath(page, '/dashboard/report?type=investor');
  await page.goto('/dashboard');
  await expectPath(page, '/dashboard/report?type=investor');
  await page.goto('/dashboard/manager/1');
  await expectPath(page, '/dashboard/report?type=investor');
});

test('an investor opening a dashboard page gets the 403 screen', async ({ page }) => {
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expectPath(page, '/investor/cases/s1');
  await page.goto('/dashboard/report');
  await expect(page.getByText(/403/).first()).toBeVisible();
  await page
    .getByRole('link', { name: '回首頁' })
    .or(page.getByRole('button', { name: '回首頁' }))
    .first()
    .click();
  await expectPath(page, '/investor/cases/s1');
});

test('an unknown page shows the 404 screen with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/404/).first()).toBeVisible();
  await page
    .getByRole('link', { name: '回首頁' })
    .or(page.getByRole('button', { name: '回首頁' }))
    .first()
    .click();
  await expectPath(page, '/login');
});

test('a signed-in staff member visiting the login page is sent home', async ({ page }) => {
  await staffSignIn(page, 'sa@example.com');
  await expectPath(page, '/dashboard/report?type=investor');
  await page.goto('/dashboard/login');
  await expectPath(page, '/dashboard/report?type=investor');
});

/** A fresh client made through the API by a staff member who works its stage. */
async function clientMadeBy(request: APIRequestContext, role: 'sa' | 'ir', stage: 'p2' | 'p5') {
  const signedIn = await request.post('/api/internal/v1/auth/employees', {
    data: { email: `${role}@example.com`, password: DEMO_PASSWORD },
  });
  const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
  const created = await request.post('/api/internal/v1/clients', {
    headers: { authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` },
    data: {
      email: `guard-${role}-${Date.now()}@example.com`,
      name: `守門測試 ${stage}`,
      process_status: stage,
    },
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { data: { id: number } }).data.id;
}

for (const [who, other, theirStage, ownStage] of [
  ['sa', 'ir', 'p5', 'p2'],
  ['ir', 'sa', 'p2', 'p5'],
] as const) {
  test(`${who} opening a ${theirStage} client of the other team lands on the investor report, told why`, async ({
    page,
    request,
  }) => {
    const theirs = await clientMadeBy(request, other, theirStage);
    const own = await clientMadeBy(request, who, ownStage);
    await staffSignIn(page, `${who}@example.com`);
    await expectPath(page, '/dashboard/report?type=investor');
    await page.goto(`/dashboard/investor/${theirs}`);
    await expectPath(page, '/dashboard/report?type=investor');
    await expect(
      page.getByRole('alert').filter({ hasText: '您沒有權限開啟「投資人」頁面，已為您返回報表。' }),
    ).toBeVisible();
    await expect(page.getByText('無法載入投資人資料')).toHaveCount(0);
    // Their own team's client opens.
    await page.goto(`/dashboard/investor/${own}`);
    await expect(page.getByRole('heading', { name: `守門測試 ${ownStage}` })).toBeVisible();
  });
}
