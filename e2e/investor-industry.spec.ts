import type { Page } from '@playwright/test';
import { areaSignIn, expect, expectNoSeriousA11yViolations, test } from './support.ts';

/**
 * Issue #13, the investor's industry pages at 390 px: the demo investor (co-investor on two
 * invested demo cases) sees the industries of the cases open to them, opens one and its stages,
 * then their own money by industry and their record per case, with no sideways scrolling and no
 * serious accessibility finding on any of the six pages.
 */
test.describe.configure({ timeout: 120_000 });

/** The onboarding tour (another part of issue 13) may greet the investor: close it when it shows. */
async function closeTourIfOpen(page: Page) {
  const tour = page.locator('.ant-tour:visible');
  if (await tour.count()) await tour.locator('.ant-tour-close').first().click();
  await expect(page.locator('.ant-tour:visible')).toHaveCount(0);
}

async function checkPage(page: Page, where: string) {
  await closeTourIfOpen(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${where} fits 390 px`,
  ).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page, where);
  await page.screenshot({
    path: `test-results/e2e/investor-industry${where.replaceAll('/', '-')}-390.png`,
    fullPage: true,
  });
}

test('the investor reads the cases by industry, by stage, and their own investments and record', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expect(page).toHaveURL(/\/investor/);
  await closeTourIfOpen(page);

  // The industries, each a card with its count and amount raising, linking to its number.
  await page.goto('/investor/industry');
  await expect(page.getByRole('heading', { name: '產業資訊', level: 3 })).toBeVisible();
  const first = page.locator('.iindustry-card__link').first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/\d+ 個案件/);
  await expect(page.locator('.iindustry-grid')).toContainText('NT$');
  await checkPage(page, '/investor/industry');
  const industry = (await first.locator('.iindustry-card__name').innerText()).trim();
  const count = Number((await first.locator('.iindustry-card__figure').innerText()).match(/\d+/)?.[0]);
  await first.click();

  // Its cases, as the case list's cards, as many as the overview said.
  await expect(page).toHaveURL(/\/investor\/industry\/\d+$/);
  const id = page.url().match(/(\d+)$/)?.[1];
  await expect(page.getByRole('heading', { name: industry, level: 3 })).toBeVisible();
  await expect(page.getByText(`${count} 個案件`, { exact: true })).toBeVisible();
  await expect(page.locator('.icase-card')).toHaveCount(Math.min(count, 12));
  await checkPage(page, '/investor/industry/id');

  // Industries by stage, and this one's stages, each opening the case list filtered to it.
  await page.goto('/investor/industry/detail');
  await expect(page.getByRole('heading', { name: '產業階段分布', level: 3 })).toBeVisible();
  await expect(page.locator('.iindustry-by-stage')).toContainText(industry);
  await checkPage(page, '/investor/industry/detail');
  await page.locator('.iindustry-by-stage').getByRole('link', { name: industry, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/investor/industry/detail/${id}$`));
  await expect(page.getByRole('heading', { name: industry, level: 3 })).toBeVisible();
  await expect(page.locator('.iindustry-card').first()).toContainText(/\d+ 個案件/);
  await checkPage(page, '/investor/industry/detail/id');

  // Their own money by industry: NT$4.5 million in over the two demo cases, and the bars.
  await page.goto('/investor/industry/investment');
  await expect(page.getByRole('heading', { name: '我的產業投資', level: 3 })).toBeVisible();
  await expect(page.locator('.iindustry-figures')).toContainText('NT$450萬');
  await expect(page.locator('canvas[role="img"]')).toBeVisible();
  await checkPage(page, '/investor/industry/investment');

  // Their record: one entry per case, with the amount and the current value, the case and the documents.
  await page.goto('/investor/industry/record');
  await expect(page.getByRole('heading', { name: '投資紀錄', level: 3 })).toBeVisible();
  const records = page.locator('.iindustry-record');
  await expect(records).toHaveCount(2);
  await expect(page.locator('.iindustry-stack')).toContainText('NT$300萬');
  await expect(page.locator('.iindustry-stack')).toContainText('NT$540萬');
  await expect(records.first().getByRole('link', { name: '我的文件' })).toHaveAttribute(
    'href',
    '/investor/contract',
  );
  await checkPage(page, '/investor/industry/record');
  await records.first().getByRole('link', { name: '查看案件' }).click();
  await expect(page).toHaveURL(/\/investor\/cases\/detail\/\d+$/);

  // A number past the list of industries is the 404 page.
  await page.goto('/investor/industry/9999');
  await expect(page.getByText(/404/).first()).toBeVisible();
});
