import {
  areaSignIn,
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
 * Issue #13, the COI bullet: an admin generates a conflict-of-interest declaration for the demo
 * investor on a case and sends it; the investor, on a phone, declares a conflict, reads the
 * document again with the declaration in it and signs with the mailed code; the case then tells
 * them they are recused (the interest button says why), and staff see 利益迴避 on the case.
 * Case 4 (樂齡照護科技, s3, on the fund platform) is no other journey's case.
 */
test.describe.configure({ timeout: 180_000 });

const CASE_ID = 4;
const CONFLICT = '本人配偶任職於該公司產品部門';

test('the demo investor declares a conflict on a COI and is recused on the case', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);

  await page.goto(`/dashboard/manager/${CASE_ID}?tab=documents`);
  await page.getByRole('button', { name: '產生文件', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '產生法律文件' });
  await dialog.getByLabel('文件種類').click();
  await page.locator('.ant-select-item-option', { hasText: '利益衝突聲明書' }).click();
  // Left to the investor to declare before signing.
  await expect(dialog.getByRole('radio', { name: '由投資人於簽署前聲明' })).toBeChecked();
  await dialog.getByLabel('簽署人（投資人）').fill('investor@example.com');
  await page.locator('.ant-select-item-option', { hasText: '李家豪' }).click();
  await dialog.getByRole('button', { name: /產生文件/ }).click();
  await expect(page.getByText('文件已產生')).toBeVisible();
  const item = page.locator('.legal-docs__item', { hasText: '利益衝突聲明書' }).first();
  await expect(item).toContainText('李家豪');
  await expect(item).toContainText('尚未聲明');
  await item.getByRole('button', { name: '送出' }).click();
  await page.getByRole('button', { name: /確\s*定|OK/ }).click();
  await expect(item).toContainText('已送出');
  await signOut(page);

  // The investor, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await closeTourIfShown(page);
  await page.goto(`/investor/cases/detail/${CASE_ID}/coi`);
  const card = page.locator('.icase-doc');
  await expect(card).toContainText('利益衝突聲明書');
  await card.getByRole('button', { name: '簽署' }).click();

  const sign = page.getByRole('dialog', { name: '簽署「利益衝突聲明書」' });
  // No declaration yet: the document cannot be opened for signing.
  await expect(sign.getByRole('button', { name: '開啟文件' })).toBeDisabled();
  await sign.getByRole('radio', { name: '有利益衝突' }).check();
  await sign.getByRole('button', { name: '儲存聲明' }).click();
  await expect(sign.getByText('請說明利益衝突的內容')).toBeVisible();
  await sign.getByLabel('利益衝突說明').fill(CONFLICT);
  await expect(sign.getByText(/您將迴避本案的投資審議討論/)).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/investor-coi-declare-390.png' });
  await sign.getByRole('button', { name: '儲存聲明' }).click();
  await expect(sign.getByTestId('coi-declaration')).toContainText('有利益衝突');
  await expect(sign.getByText('聲明已載入文件，請重新閱讀後再簽署。')).toBeVisible();

  await sign.getByRole('button', { name: '開啟文件' }).click();
  const viewer = page.getByRole('dialog', { name: '利益衝突聲明書', exact: true });
  await expect(viewer.locator('.textLayer')).toContainText('聲明事項（利益衝突）');
  await expect(viewer.locator('.textLayer')).toContainText('有利益衝突');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await sign.getByRole('checkbox').check();
  const since = outboxTime();
  await sign.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(sign.getByText(/驗證碼已寄至 in\*\*\*@example\.com/)).toBeVisible();
  const code = await newestMailMatch('investor@example.com', since, /^\s{4}(\d{6})$/m);
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expect(sign.getByText('簽署完成', { exact: true })).toBeVisible();
  await sign.getByRole('button', { name: '完成' }).click();

  // The COI page says they declared a conflict and are recused.
  await expect(page.getByTestId('coi-recusal')).toContainText('您已利益迴避本案');
  await expect(card).toContainText('有利益衝突');
  await page.screenshot({ path: 'test-results/e2e/investor-coi-recused-390.png', fullPage: true });
  await expectNoSeriousA11yViolations(page, `/investor/cases/detail/${CASE_ID}/coi`);

  // The interest panel explains instead of offering a button the server would refuse.
  await page.goto(`/investor/cases/detail/${CASE_ID}`);
  await expect(page.getByTestId('interest-recused')).toContainText('您已聲明與本案有利益衝突');
  await expect(page.getByRole('button', { name: '我有興趣' })).toBeDisabled();
  await signOut(page);

  // Staff see it on the case: the recusals card with the signed COI, and the tag.
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${CASE_ID}?tab=fundRoles`);
  const recusals = page.getByTestId('recusals-card');
  await expect(recusals).toContainText('李家豪');
  await expect(recusals.getByTestId('recused-tag')).toHaveText('利益迴避');
  await expect(recusals).toContainText(CONFLICT);
  await recusals.getByRole('button', { name: /聲明書/ }).click();
  const signedViewer = page.getByRole('dialog', { name: '利益衝突聲明書', exact: true });
  await expect(signedViewer.locator('.textLayer').first()).toContainText('利益衝突聲明書');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/e2e/investor-coi-staff-1440.png' });
});
