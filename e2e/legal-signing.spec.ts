import { readFileSync } from 'node:fs';
import { verifySeal } from '../apps/server/src/lib/pdf/seal.ts';
import { samplePdf } from '../apps/server/test/pdfSamples.ts';
import { extractText } from '../apps/server/src/lib/pdf/text.ts';
import {
  areaSignIn,
  expect,
  expectNoSeriousA11yViolations,
  expectPath,
  newestMailMatch,
  outboxTime,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #12, the documents journey: an admin sets the management fee to 2% in the contract
 * configuration, generates the NDA for the demo investor on a case, reads it in the viewer and
 * sends it; the investor reads it, agrees, signs with the code mailed to them, downloads the signed
 * PDF (certificate page, the platform's seal over the whole file) and verifies it.
 */
test.describe.configure({ timeout: 180_000 });

test('the demo investor signs the NDA an admin sent, with the mailed code', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);

  await page.goto('/dashboard/config/contract');
  const fee = page.getByLabel('管理費（每年，認購總額 %）');
  // The contract configuration journey (earlier in the same run) may have saved 2 already: then
  // there is nothing to save and the button stays disabled.
  await expect(fee).not.toHaveValue('');
  if ((await fee.inputValue()) !== '2') {
    await fee.fill('2');
    await page.getByRole('button', { name: /儲\s*存/ }).click();
    await expect(page.getByText('合約設定已儲存')).toBeVisible();
  }
  await expect(fee).toHaveValue('2');

  // The case's presentation, for its data room once the NDA is signed.
  await page.goto('/dashboard/manager/3');
  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  const deck = `資料室簡報-${Date.now()}.pdf`;
  await page
    .locator('.term-files', { has: page.getByRole('button', { name: '上傳簡報檔' }) })
    .locator('input[type=file]')
    .setInputFiles({
      name: deck,
      mimeType: 'application/pdf',
      buffer: await samplePdf([{ text: '公司簡報 募資計畫' }]),
    });
  await expect(page.getByText(`已上傳「${deck}」`)).toBeVisible();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存')).toBeVisible();

  await page.goto('/dashboard/manager/3?tab=documents');
  await page.getByRole('button', { name: '產生文件', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '產生法律文件' });
  await dialog.getByLabel('簽署人（投資人）').fill('investor@example.com');
  // The demo investor (investor@example.com) is 李家豪; wait for the search to find them.
  await page.locator('.ant-select-item-option', { hasText: '李家豪' }).click();
  await dialog.getByRole('button', { name: /產生文件/ }).click();
  await expect(page.getByText('文件已產生')).toBeVisible();
  const item = page.locator('.legal-docs__item').first();
  await expect(item).toContainText('李家豪');
  await item.getByRole('button', { name: '預覽' }).click();
  const staffViewer = page.getByRole('dialog', { name: '保密協議書' });
  await expect(staffViewer.locator('.textLayer')).toContainText('保密協議書');
  await page.keyboard.press('Escape');
  await item.getByRole('button', { name: '送出' }).click();
  await page.getByRole('button', { name: /確\s*定|OK/ }).click();
  await expect(item).toContainText('已送出');
  await signOut(page);

  // The investor, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await areaSignIn(page, '投資人', 'investor@example.com');
  await expectPath(page, '/investor/cases/s1');
  await page.goto('/investor/contract');
  await expect(page.getByRole('heading', { name: '合約文件', level: 3 })).toBeVisible();
  await expect(page.getByText(/份文件等待您簽署/)).toBeVisible();
  const mine = page.locator('.my-docs__item', { hasText: '待簽署' }).first();
  await expect(mine).toContainText('保密協議書');
  await expectNoSeriousA11yViolations(page, '/investor/contract');
  await mine.getByRole('button', { name: '簽署' }).click();

  const sign = page.getByRole('dialog', { name: '簽署「保密協議書」' });
  await sign.getByRole('button', { name: '開啟文件' }).click();
  const viewer = page.getByRole('dialog', { name: '保密協議書', exact: true });
  await expect(viewer.locator('.textLayer')).toContainText('保密協議書');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Step 2: the consent must be ticked; the typed name is the signer's.
  await sign.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(sign.getByText('請勾選同意以電子方式簽署')).toBeVisible();
  await sign.getByRole('checkbox').check();
  await expect(sign.getByLabel('簽署人姓名')).not.toHaveValue('');
  // A drawn signature too.
  const pad = sign.locator('canvas.signature-pad__canvas');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 110, { steps: 8 });
  await page.mouse.up();
  await expect(sign.getByRole('img', { name: '手寫簽名區，已簽名' })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/legal-signing-consent-390.png' });
  const since = outboxTime();
  await sign.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(sign.getByText(/驗證碼已寄至 in\*\*\*@example\.com/)).toBeVisible();
  const code = await newestMailMatch('investor@example.com', since, /^\s{4}(\d{6})$/m);

  // A wrong code first: refused, with the tries left.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(wrong);
  await expect(sign.getByText('驗證碼不正確，請再試一次。')).toBeVisible();
  await expect(sign.getByText('還可以再試 4 次。')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/legal-signing-code-390.png' });
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expect(sign.getByText('簽署完成', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await sign.getByRole('button', { name: '下載已簽署文件' }).click();
  const download = await downloading;
  const file = await download.path();
  const pdf = new Uint8Array(readFileSync(file));
  expect(verifySeal(pdf)).toMatchObject({ sealed: true, intact: true, coversWholeFile: true });
  const pages = (await extractText(pdf)).map((p) => p.replace(/\s+/g, ''));
  expect(pages[0]).toContain('保密協議書');
  expect(pages.slice(1).join('')).toContain('電子簽署完成證明');
  expect(pages.slice(1).join('')).toContain('investor@example.com');

  await page.screenshot({ path: 'test-results/e2e/legal-signing-done-390.png' });
  await sign.getByRole('button', { name: '完成' }).click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/e2e/legal-signing-list-1440.png' });
  const signed = page.locator('.my-docs__item', { hasText: '已簽署' }).first();
  await expect(signed).toContainText('保密協議書');
  await signed.getByRole('button', { name: '驗證' }).click();
  const verify = page.getByRole('dialog', { name: /驗證/ });
  await expect(verify.getByText('文件與稽核軌跡完整，未遭變更')).toBeVisible();
  await expect(verify.getByText(/平台電子封印有效且涵蓋整份文件/)).toBeVisible();
  await expect(verify.getByText('完成簽署')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/legal-signing-verify-390.png' });
  await page.keyboard.press('Escape');
  await expect(verify).toBeHidden();

  // The signed NDA opens the case's data room: the presentation comes stamped with the reader.
  await signed.getByRole('button', { name: '案件資料室' }).click();
  const room = page.getByRole('dialog', { name: /資料室/ });
  const row = room.locator('.ant-list-item', { hasText: deck });
  await row.getByRole('button', { name: '閱讀' }).click();
  const deckViewer = page.getByRole('dialog', { name: deck });
  await expect(deckViewer.locator('.textLayer')).toContainText('investor@example.com');
  await page.screenshot({ path: 'test-results/e2e/legal-signing-dataroom-1440.png' });
});
