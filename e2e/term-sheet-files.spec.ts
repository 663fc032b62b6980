import { readFile } from 'node:fs/promises';
import { samplePdf } from '../apps/server/test/pdfSamples.ts';
import { png } from '../apps/server/test/sampleFiles.ts';
import { expect, expectNoLatin, staffSignIn, test } from './support.ts';

/**
 * The term sheet's presentation file as a real upload (issue 12): an AO uploads a PDF on the case's
 * 投資條件 tab, saves, finds it again after a reload, opens it in the viewer and downloads it; at
 * 1440 px and 390 px, in Chinese (no Latin but the file's extension) and in English.
 */
test('an AO uploads the presentation file, reopens it in the viewer and downloads it', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);

  await page.goto('/dashboard?status=all');
  await page.getByRole('button', { name: '新增案件' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('公司名稱').fill(`簡報測試公司 ${Date.now()}`);
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager\/\d+$/);
  const casePath = new URL(page.url()).pathname;

  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  await expect(page.getByText('尚未上傳簡報檔')).toBeVisible();
  await expect(page.getByText('單一檔案最大 50 MB').first()).toBeVisible();
  const pdf = await samplePdf([{ text: '公司簡報 第一頁 募資計畫與團隊介紹' }]);
  const name = `公司簡報-${Date.now()}.pdf`;
  await page
    .locator('.term-files', { has: page.getByRole('button', { name: '上傳簡報檔' }) })
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText(`已上傳「${name}」`)).toBeVisible();
  await expect(page.getByRole('button', { name: `下載「${name}」` })).toBeVisible();
  // A photo among the media, named by the AO.
  await page
    .locator('.term-files__add .file-upload', { has: page.getByRole('button', { name: '上傳圖片' }) })
    .locator('input[type=file]')
    .setInputFiles({ name: '產品.png', mimeType: 'image/png', buffer: png() });
  const mediaRow = page.locator('.term-file', {
    has: page.getByRole('button', { name: '下載「產品.png」' }),
  });
  await mediaRow.getByLabel('名稱').fill('產品照片');
  await expect(page.getByRole('button', { name: '下載「產品照片」' })).toBeVisible();
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  await expect(page.getByRole('button', { name: `預覽「${name}」` })).toBeVisible();
  await expect(page.getByRole('button', { name: '下載「產品照片」' })).toBeVisible();
  await expectNoLatin(page, 'the term sheet tab', [/\.pdf\b/g]);
  await page.screenshot({ path: info.outputPath('term-sheet-1440.png'), fullPage: true });

  await page.getByRole('button', { name: `預覽「${name}」` }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('第 1 頁，共 1 頁')).toBeVisible();
  await expect(dialog.locator('.react-pdf__Page__canvas')).toBeVisible();
  await expect(dialog.locator('.textLayer')).toContainText('公司簡報 第一頁');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `下載「${name}」` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const saved = await download.path();
  expect(Buffer.compare(await readFile(saved), pdf)).toBe(0);

  // The history names the file.
  await page.getByRole('tab', { name: '歷程', exact: true }).click();
  await expect(page.getByText(`投資條件・簡報檔案：${name}`)).toBeVisible();

  // A phone: the row and its actions fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${casePath}?tab=termSheet`);
  const row = page.locator('.term-file', { hasText: name });
  await expect(row).toBeVisible();
  expect(((await row.boundingBox())?.width ?? 999) <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('term-sheet-390.png'), fullPage: true });

  // English.
  await page.evaluate(() => localStorage.setItem('dealflow.language', 'en'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${casePath}?tab=termSheet`);
  await expect(page.getByRole('button', { name: `Download “${name}”` })).toBeVisible();
  await page.screenshot({ path: info.outputPath('term-sheet-en-1440.png'), fullPage: true });
});
