import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  expectPath,
  keyboardDrag,
  signOut,
  staffSignIn,
  test,
} from './support.ts';

/**
 * Issue #9, the client book end to end: (a) an sa takes a new investor from creation through
 * the pipeline and hands them over to ir; (b) an admin exports a group's investors to XLSX,
 * edits a cell in the file, and imports it back.
 */

/** Saves the open item form (a modal) and waits for it to close. */
async function saveDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(dialog).toHaveCount(0);
}

/** Any dashboard page but the sign-in form: where a staff sign-in lands. */
const SIGNED_IN = /\/dashboard(?!\/login)/;

test.use({ viewport: { width: 1440, height: 900 } });

test('an sa creates an investor, works them through P3 and P4, and hands them over to ir at P5', async ({
  page,
}) => {
  // Two sign-ins, a create, two records and two moves: longer than one screen's journey.
  test.setTimeout(90_000);
  const stamp = Date.now() % 1_000_000;
  const name = `移交測試投資人 ${stamp}`;
  const email = `handover-${stamp}@example.com`;
  await staffSignIn(page, 'sa@example.com');
  await expect(page).toHaveURL(SIGNED_IN);

  // Create, at P3, after being told the first email is taken.
  await page.goto('/dashboard/investor');
  await page.getByRole('button', { name: '新增投資人' }).click();
  const drawer = page.getByRole('dialog', { name: '新增投資人' });
  await drawer.getByLabel('名稱', { exact: true }).fill(name);
  // 許雅雯 (P3) is one of the sa's own investors.
  await drawer.getByLabel('電子郵件').fill('investor4@example.com');
  await drawer.getByLabel('電話').focus();
  const duplicate = drawer.getByTestId('duplicate-email');
  await expect(duplicate).toContainText('此電子郵件已屬於 許雅雯');
  await expect(duplicate.getByRole('link', { name: '開啟' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: /新\s*增/ })).toBeDisabled();
  await drawer.getByLabel('電子郵件').fill(email);
  await drawer.getByLabel('電話').focus();
  await expect(duplicate).toHaveCount(0);
  await drawer.getByLabel('電話').fill('0922 000 111');
  await drawer.getByLabel('起始階段').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'P3 提案' }).click();
  await drawer.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/investor\/\d+$/, { timeout: 20_000 });
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();

  // Fill in the profile.
  await page.getByLabel('下一步').fill('寄送第三季案件簡報');
  await page.getByLabel('單筆投資金額').fill('3000000');
  await page.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(page.getByText('已儲存基本資料')).toBeVisible();

  // A contact record and a to-do.
  await page.getByRole('tab', { name: '聯繫紀錄' }).click();
  await page.getByRole('button', { name: '新增聯絡紀錄' }).click();
  await page.getByRole('dialog').getByLabel('聯絡方式').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '會面' }).click();
  await page.getByRole('dialog').getByLabel('內容摘要').fill('說明會後面談，對醫療科技案件有興趣。');
  await saveDialog(page);
  await expect(
    page.locator('[data-kind="client-contacts"]').getByText('說明會後面談，對醫療科技案件有興趣。'),
  ).toBeVisible();

  await page.getByRole('tab', { name: '待辦事項' }).click();
  await page.getByRole('button', { name: '新增待辦' }).click();
  await page.getByRole('dialog').getByLabel('標題').fill('寄送投資意向書');
  await saveDialog(page);
  await expect(page.locator('[data-kind="client-todos"]').getByText('寄送投資意向書')).toBeVisible();

  // On the board: P3 → P4, then P4 → P5, the hand-over to ir, after a warning.
  await page.goto(`/dashboard/investor?view=board&q=${encodeURIComponent(name)}`);
  const handle = `拖曳「${name}」以移動階段`;
  await expect(page.locator(`[data-stage="p3"] [data-client-id="${id}"]`)).toBeVisible();
  await keyboardDrag(page, handle, ['p4']);
  await expect(page.getByText(`已將「${name}」移到「P4 簽約」`)).toBeVisible();
  await expect(page.locator(`[data-stage="p4"] [data-client-id="${id}"]`)).toBeVisible();

  await keyboardDrag(page, handle, ['p5']);
  const handover = page.getByRole('dialog', { name: '移交到「P5 執行」' });
  await expect(handover).toContainText('您將無法再檢視或編輯');
  await handover.getByRole('button', { name: '確定移動' }).click();
  await expect(page.getByText(`已將「${name}」移到「P5 執行」，並移交投資人關係團隊`)).toBeVisible();

  // The sa no longer sees them: not on the board, not in the list, and their page does not open.
  await expect(page.locator(`[data-client-id="${id}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.pipeline-board')).toBeVisible();
  await expect(page.locator(`[data-client-id="${id}"]`)).toHaveCount(0);
  await page.goto(`/dashboard/investor?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('沒有符合篩選條件的投資人')).toBeVisible();
  // Their page by its address: sent to the investor report, told why (the client is ir's now).
  await page.goto(`/dashboard/investor/${id}`);
  await expect(page).toHaveURL(/\/dashboard\/report\?type=investor$/);
  await expect(
    page.getByRole('alert').filter({ hasText: '您沒有權限開啟「投資人」頁面，已為您返回報表。' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 3 })).toHaveCount(0);

  // ir finds them in P5, with what the sa recorded.
  await signOut(page);
  await expectPath(page, '/dashboard/login');
  await staffSignIn(page, 'ir@example.com');
  await expect(page).toHaveURL(SIGNED_IN);
  await page.goto(`/dashboard/investor?view=board&q=${encodeURIComponent(name)}`);
  await expect(page.locator(`[data-stage="p5"] [data-client-id="${id}"]`)).toBeVisible();
  await page.goto(`/dashboard/investor/${id}?tab=contacts`);
  await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
  await expect(page.getByText('說明會後面談，對醫療科技案件有興趣。')).toBeVisible();
});

/** Adds a demo investor to the group on its page. */
async function addMember(page: Page, name: string) {
  const picker = page.getByLabel('加入投資人');
  const add = page.getByRole('button', { name: '加入群組' });
  // The picker searches the server as one types: a busy machine may redraw the options under the
  // click, so the choice is made again until the picker holds it.
  await expect(async () => {
    await picker.click();
    await picker.fill(name);
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click({ timeout: 5_000 });
    await expect(add).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await add.click();
  await expect(page.getByText(`已將 ${name} 加入群組`)).toBeVisible();
}

test('an admin exports a group of investors to XLSX, edits a cell and imports the file back', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const stamp = Date.now() % 1_000_000;
  const group = `匯出測試群組 ${stamp}`;
  // A phone the demo data does not have, different on every run.
  const phone = `0933 ${String(stamp).padStart(6, '0')}`;
  await staffSignIn(page, 'admin@example.com');
  await expectPath(page, '/dashboard/report?type=case');

  // A group of two investors.
  await page.goto('/dashboard/group');
  await page.getByRole('button', { name: '新增群組' }).first().click();
  const form = page.getByRole('dialog', { name: '新增客戶群組' });
  await form.getByLabel('群組名稱').fill(group);
  await form.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/group\/\d+$/, { timeout: 20_000 });
  const groupId = page.url().split('/').pop() ?? '';
  await addMember(page, '許雅雯');
  await addMember(page, '鄭明哲');
  await expect(page.getByText('2 位成員', { exact: true })).toBeVisible();

  // The list narrowed to the group, exported as shown.
  await page.goto(`/dashboard/investor?group_id=${groupId}`);
  const rows = page.locator('.client-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: /匯出/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'XLSX 試算表' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^投資人名單-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const exported = testInfo.outputPath('exported.xlsx');
  await download.saveAs(exported);

  // One cell changed in the file: 許雅雯's phone.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(exported);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const emailColumn = header.indexOf('電子郵件');
  const phoneColumn = header.indexOf('電話');
  expect(emailColumn).toBeGreaterThan(0);
  expect(phoneColumn).toBeGreaterThan(0);
  expect(sheet.actualRowCount).toBe(3);
  let edited = 0;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(emailColumn).text === 'investor4@example.com') {
      row.getCell(phoneColumn).value = phone;
      edited++;
    }
  });
  expect(edited).toBe(1);
  const changed = testInfo.outputPath('投資人名單-修改.xlsx');
  await workbook.xlsx.writeFile(changed);

  // Import: first what it would do, then applied on confirmation.
  await page.getByRole('button', { name: /匯\s*入/ }).click();
  const dialog = page.getByRole('dialog', { name: '匯入投資人' });
  await dialog.locator('input[type="file"]').setInputFiles(changed);
  await expect(dialog.getByText('以下是檢查結果，尚未寫入任何資料；按「確認匯入」才會套用。')).toBeVisible();
  const counts = dialog.getByRole('list', { name: '匯入結果統計' });
  await expect(counts).toContainText('新增 0');
  await expect(counts).toContainText('更新 1');
  await expect(counts).toContainText('未變更 1');
  await expect(counts).toContainText('拒絕 0');
  const line = dialog.locator('tr').filter({ hasText: 'investor4@example.com' });
  await expect(line).toContainText('將更新');
  await expect(line).toContainText('電話');
  await page.waitForTimeout(400); // the dialog's opening motion, before reading its text
  // The file's name is the user's, not interface text.
  await expectNoLatin(page, 'the import report', [/[^\s「」]+\.xlsx\b/g]);
  await expectNoSeriousA11yViolations(page, 'the import report');

  await dialog.getByRole('button', { name: '確認匯入' }).click();
  await expect(page.getByText('已更新 1 位投資人').first()).toBeVisible();
  await expect(dialog.getByText('匯入完成')).toBeVisible();
  await expect(counts).toContainText('更新 1');
  await dialog.getByRole('link', { name: 'investor4@example.com' }).click();

  // The client page shows the new phone.
  await expect(page).toHaveURL(/\/dashboard\/investor\/\d+$/);
  await expect(page.getByRole('heading', { name: '許雅雯', level: 3 })).toBeVisible();
  await expect(page.getByLabel('電話')).toHaveValue(phone);
});
