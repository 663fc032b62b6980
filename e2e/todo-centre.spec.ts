import { expect, staffSignIn, test } from './support.ts';

/**
 * Issue #11, the to-do centre: an sa finds their open to-dos of the investors they work (the
 * overdue one first) behind the header badge, ticks one off in place and the badge follows; on the
 * done list they reopen it.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('an sa ticks off an overdue to-do in the to-do centre and the header badge follows', async ({
  page,
}) => {
  await staffSignIn(page, 'sa@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  const badge = page.getByRole('link', { name: /^待辦事項：\d+ 項未完成$/ });
  await expect(badge).toBeVisible();
  const open = async () => Number(/：(\d+)/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1]);
  await expect.poll(open).toBeGreaterThan(0);
  const before = await open();
  await badge.click();
  await expect(page).toHaveURL(/\/dashboard\/todo$/);
  await expect(page.getByRole('heading', { name: '待辦事項', level: 3 })).toBeVisible();

  // The overdue one comes first, on a client (the sa reads no case), marked 已逾期.
  const first = page.locator('.data-table tbody tr.ant-table-row').first();
  await expect(first).toContainText('寄送本季案件清單');
  await expect(first).toContainText('投資人');
  await expect(first).toContainText('已逾期');
  // The box follows the server (a controlled checkbox): click, then the list moves on.
  await first.getByRole('checkbox', { name: '將「寄送本季案件清單」標為完成' }).click();
  await expect(page.getByText('已更新待辦事項')).toBeVisible();
  await expect(page.locator('.data-table tbody')).not.toContainText('寄送本季案件清單');
  await expect.poll(open).toBe(before - 1);

  // On the done list it can be reopened; the badge counts it again.
  await page.locator('.todo-centre__filters .ant-segmented').getByText('已完成').click();
  await expect(page).toHaveURL(/type=done/);
  const done = page.locator('.data-table tbody tr.ant-table-row', { hasText: '寄送本季案件清單' });
  await done.getByRole('checkbox', { name: '將「寄送本季案件清單」改回未完成' }).click();
  await expect(done).toHaveCount(0);
  await expect.poll(open).toBe(before);

  // The row opens the investor's to-do tab.
  await page.locator('.todo-centre__filters .ant-segmented').getByText('未完成').click();
  await page.getByRole('link', { name: '寄送本季案件清單' }).click();
  await expect(page).toHaveURL(/\/dashboard\/investor\/\d+\?tab=todos/);
  await expect(page.locator('[data-kind="client-todos"]').getByText('寄送本季案件清單')).toBeVisible();
});
