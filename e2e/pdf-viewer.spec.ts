import { samplePdf } from '../apps/server/test/pdfSamples.ts';
import { expect, staffSignIn, test } from './support.ts';

/**
 * The PDF viewer (issue 12): a Chinese PDF uploaded to a client's files opens in the viewer, page
 * by page, fit to the width of a 1440 px screen and of a 390 px phone, its text drawn and selectable.
 */
test('a Chinese PDF in the viewer at 1440 and 390 px', async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  const pdf = await samplePdf([
    { text: '保密協議 第一條 資訊之保密期間為自生效日起五年。' },
    { size: [842, 595], text: '第二頁 仲裁人三人，仲裁地為首都。' },
  ]);
  const name = `保密協議-${Date.now()}.pdf`;

  await page.goto('/dashboard/investor/1?tab=files');
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: `預覽「${name}」` }).click();

  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('第 1 頁，共 2 頁')).toBeVisible();
  const canvas = dialog.locator('.react-pdf__Page__canvas');
  await expect(canvas).toBeVisible();
  // The text layer holds the page's Chinese text (selectable, searchable).
  await expect(dialog.locator('.textLayer')).toContainText('保密協議 第一條');
  // Drawn, not blank: the canvas has ink where the text is.
  const inked = await canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, Math.floor(c.height / 4));
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(200);
  await page.screenshot({ path: info.outputPath('pdf-viewer-1440.png') });

  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('第 2 頁，共 2 頁')).toBeVisible();
  await expect(dialog.locator('.textLayer')).toContainText('第二頁');
  await dialog.getByRole('button', { name: '放大' }).click();
  await dialog.getByRole('button', { name: '符合寬度' }).click();
  await dialog.getByRole('button', { name: '上一頁' }).click();
  await expect(dialog.getByText('第 1 頁，共 2 頁')).toBeVisible();

  // A phone: the page fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await expect(dialog.locator('.textLayer')).toContainText('保密協議 第一條');
  await page.screenshot({ path: info.outputPath('pdf-viewer-390.png') });
});
