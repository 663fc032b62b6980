import { readFileSync } from 'node:fs';
import { verifySeal } from '../apps/server/src/lib/pdf/seal.ts';
import { extractText } from '../apps/server/src/lib/pdf/text.ts';
import {
  expect,
  expectNoLatin,
  expectNoSeriousA11yViolations,
  newestMailMatch,
  outboxTime,
  registerStartup,
  signInStartup,
  signOut,
  staffSignIn,
  startupCaseId,
  test,
} from './support.ts';

/**
 * Issue 14, "the documents they must sign": an admin addresses the firm's letter of intent to a
 * startup registered for this journey and sends it (1440 px); the startup, on a phone (390 px),
 * finds it on 我的案件, reads it, signs it with the code mailed to its sign-in address and
 * downloads the sealed PDF; the admin sees it signed on the case (1440 px).
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'amber-lighthouse-meadow-73';
const STARTUP = `loi-${Math.floor(Math.random() * 1e9)}@example.com`;
const TITLE = '投資意向書（致被投資公司）';

test('staff send the startup its letter of intent; the startup signs it with the mailed code', async ({
  page,
}) => {
  await registerStartup(page.request, STARTUP, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInStartup(page, STARTUP, PASSWORD);
  const caseId = await startupCaseId(page);
  await signOut(page);

  // Staff generate the letter to the startup and send it.
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${caseId}?tab=documents`);
  await page.getByRole('button', { name: '產生文件', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '產生法律文件' });
  await dialog.getByLabel('文件種類').click();
  await page.locator('.ant-select-item-option', { hasText: TITLE }).click();
  await expect(dialog.getByText(/本文件將由本案新創公司的帳號代表人簽署/)).toBeVisible();
  // The option list has closed (axe reads a list still fading out as an unnamed listbox).
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await expect(dialog.getByLabel('簽署人（投資人）')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/startup-loi-generate-1440.png' });
  await expectNoSeriousA11yViolations(page, 'generate the startup LOI (1440)');
  await expectNoLatin(page, 'generate the startup LOI (1440)');
  await dialog.getByRole('button', { name: /產生文件/ }).click();
  await expect(page.getByText('文件已產生')).toBeVisible();
  const item = page.locator('.legal-docs__item', { hasText: TITLE }).first();
  await expect(item).toContainText('新創公司');
  await expect(item).toContainText('草稿');
  await item.getByRole('button', { name: '送出' }).click();
  await page.getByRole('button', { name: /確\s*定|OK/ }).click();
  await expect(item).toContainText('已送出');
  await page.screenshot({ path: 'test-results/e2e/startup-loi-staff-sent-1440.png' });
  await signOut(page);

  // The startup, on a phone: 我的案件 lists the letter waiting for its signature.
  await page.setViewportSize({ width: 390, height: 844 });
  await signInStartup(page, STARTUP, PASSWORD);
  await page.getByRole('tab', { name: '我的案件' }).click();
  const card = page.locator('.startup-case__documents');
  await expect(card.getByText('待簽署文件')).toBeVisible();
  await expect(card.getByText('有 1 份文件等待您簽署')).toBeVisible();
  const mine = card.locator('.my-docs__item', { hasText: '待簽署' }).first();
  await expect(mine).toContainText(TITLE);
  await expectNoSeriousA11yViolations(page, '/startup 我的案件 (390)');
  await expectNoLatin(page, '/startup 我的案件 (390)');
  await page.screenshot({ path: 'test-results/e2e/startup-loi-waiting-390.png', fullPage: true });
  await mine.getByRole('button', { name: '簽署' }).click();

  const sign = page.getByRole('dialog', { name: `簽署「${TITLE}」` });
  await sign.getByRole('button', { name: '開啟文件' }).click();
  const viewer = page.getByRole('dialog', { name: TITLE, exact: true });
  await expect(viewer.locator('.textLayer')).toContainText('排他期間');
  await page.screenshot({ path: 'test-results/e2e/startup-loi-reading-390.png' });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await sign.getByRole('checkbox').check();
  await expect(sign.getByLabel('簽署人姓名')).not.toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'startup signing consent (390)');
  await expectNoLatin(page, 'startup signing consent (390)');
  const since = outboxTime();
  await sign.getByRole('button', { name: '寄送驗證碼' }).click();
  await expect(sign.getByText(/驗證碼已寄至 lo\*\*\*@example\.com/)).toBeVisible();
  const code = await newestMailMatch(STARTUP, since, /^\s{4}(\d{6})$/m);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(wrong);
  await expect(sign.getByText('驗證碼不正確，請再試一次。')).toBeVisible();
  await expect(sign.getByText('還可以再試 4 次。')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/startup-loi-code-390.png' });
  await sign.getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await expect(sign.getByText('簽署完成', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await sign.getByRole('button', { name: '下載已簽署文件' }).click();
  const pdf = new Uint8Array(readFileSync(await (await downloading).path()));
  expect(verifySeal(pdf)).toMatchObject({ sealed: true, intact: true, coversWholeFile: true });
  const pages = (await extractText(pdf)).map((p) => p.replace(/\s+/g, ''));
  expect(pages[0]).toContain(TITLE);
  expect(pages.slice(1).join('')).toContain('電子簽署完成證明');
  expect(pages.slice(1).join('')).toContain(STARTUP);
  await page.screenshot({ path: 'test-results/e2e/startup-loi-done-390.png' });
  await sign.getByRole('button', { name: '完成' }).click();
  await expect(card.locator('.my-docs__item', { hasText: '已簽署' }).first()).toContainText(TITLE);
  await expectNoLatin(page, '/startup 我的案件, signed (390)');
  await signOut(page);

  // Staff see it signed on the case, and in its history.
  await page.setViewportSize({ width: 1440, height: 900 });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto(`/dashboard/manager/${caseId}?tab=documents`);
  const signed = page.locator('.legal-docs__item', { hasText: TITLE }).first();
  await expect(signed).toContainText('已簽署');
  await expect(signed.getByRole('button', { name: '下載已簽署文件' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'case documents, signed (1440)');
  await expectNoLatin(page, 'case documents, signed (1440)');
  await page.screenshot({ path: 'test-results/e2e/startup-loi-staff-signed-1440.png' });
});
