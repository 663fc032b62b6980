import { keyboardDrag, staffSignIn, expect, test } from './support.ts';

test('an AO runs a case through the pipeline and finds every step in its history', async ({ page }) => {
  const name = `E2E 管線測試 ${Date.now()}`;
  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);

  // Create the case at s0 with what s1 will need.
  await page.goto('/dashboard?status=all');
  await page.getByRole('button', { name: '新增案件' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('公司名稱').fill(name);
  await drawer.getByText('S0 初步篩選').click();
  await drawer.getByLabel('募資金額').fill('5000000');
  await drawer.getByLabel('案件概述').fill('以 AI 協助中小企業記帳。');
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager\/\d+$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // Part of the term sheet: the type of security only.
  await page.getByRole('tab', { name: '投資條件', exact: true }).click();
  await page.getByLabel('證券類型').fill('特別股');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存')).toBeVisible();

  // The board, narrowed to this case: s0 → s1 is allowed.
  await page.goto(`/dashboard?status=all&view=board&q=${encodeURIComponent(name)}`);
  const card = page.locator(`[data-case-id="${id}"]`);
  await expect(page.locator(`[data-stage="s0"] [data-case-id="${id}"]`)).toBeVisible();
  const handleName = `拖曳「${name}」以移動階段`;
  await keyboardDrag(page, handleName, ['s1']);
  await expect(page.getByText(`已將「${name}」移至 S1 早期評估`)).toBeVisible();
  await expect(page.locator(`[data-stage="s1"] [data-case-id="${id}"]`)).toBeVisible();

  // s1 → s3 skips a stage: refused, with what the stages on the way still need.
  await keyboardDrag(page, handleName, ['s2', 's3']);
  const refusal = page.getByTestId('stage-refusal');
  await expect(refusal).toContainText('案件一次只能往前移動一個階段。');
  await expect(refusal).toContainText('在投資條件書填寫總金額（大於 0）');
  await expect(refusal).not.toContainText('證券類型');
  await expect(page.locator(`[data-stage="s1"] [data-case-id="${id}"]`)).toBeVisible();
  await expect(card).toHaveCount(1);

  // A to-do and a comment on the case page.
  const todo = `準備盡職調查清單 ${Date.now()}`;
  await page.goto(`/dashboard/manager/${id}?tab=todos`);
  await page.getByRole('button', { name: '新增待辦' }).click();
  await page.getByRole('dialog').getByLabel('標題').fill(todo);
  await page.getByRole('dialog').getByRole('button', { name: '儲存' }).click();
  await expect(page.locator('[data-kind="todos"]').getByText(todo)).toBeVisible();

  const comment = '團隊背景紮實，值得進一步評估。';
  await page.getByRole('tab', { name: '評論', exact: true }).click();
  await page.getByRole('button', { name: '新增評論' }).click();
  await page.getByRole('dialog').getByLabel('評論內容').fill(comment);
  await page.getByRole('dialog').getByRole('button', { name: '儲存' }).click();
  await expect(page.locator('[data-kind="comments"]').getByText(comment).first()).toBeVisible();

  // The history tells the whole story.
  await page.getByRole('tab', { name: '歷程', exact: true }).click();
  const history = page.locator('.case-history');
  await expect(history.locator('[data-action="create"]')).toContainText('建立案件');
  await expect(history.locator('[data-action="stage"]')).toContainText('S0 初步篩選');
  await expect(history.locator('[data-action="stage"]')).toContainText('S1 早期評估');
  await expect(history.locator('[data-action="todo.create"]')).toContainText(todo);
  await expect(history.locator('[data-action="comment.create"]')).toContainText(comment);
  await expect(history.getByText('各階段停留時間')).toBeVisible();
});
