import { expect, staffSignIn, test } from './support.ts';

/**
 * Issue #11, the firm calendar: an ao creates an event on one of their cases in place, drags it to
 * the next day in the month view and finds it on the new date on the case's 行事曆 tab; their
 * .ics address carries it. An sa, who edits no case, is offered no create button.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const pad = (n: number) => String(n).padStart(2, '0');

test('an ao creates an event, drags it to the next day and sees it moved on the case tab', async ({
  page,
}) => {
  // A long journey: a create, a drag, the case page and the feed.
  test.setTimeout(90_000);
  const title = `季度營運檢討 ${Date.now()}`;
  // Days in the middle of the month shown today, so both stay in the month grid.
  const now = new Date();
  const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
  const from = `${month}-10`;
  const to = `${month}-11`;

  await staffSignIn(page, 'ao@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('heading', { name: '行事曆', level: 3 })).toBeVisible();
  await expect(page.locator('.firm-calendar__toolbar .ant-segmented-item-selected')).toHaveText('月');

  // Selecting a day opens the new-event form there (09:00 for an hour).
  await page.locator(`td.fc-daygrid-day[data-date="${from}"] .fc-daygrid-day-frame`).click();
  const dialog = page.getByRole('dialog', { name: '新增行程' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('案件').click();
  await page.keyboard.type('晶創');
  await page.locator('.ant-select-item-option', { hasText: '晶創生醫股份有限公司' }).click();
  await dialog.getByLabel('標題').fill(title);
  await expect(dialog.getByLabel('開始時間')).toHaveValue(`${from} 09:00`);
  await dialog.getByRole('button', { name: /儲\s*存/ }).click();
  await expect(dialog).toBeHidden();

  // Drag it to the next day.
  const event = page.locator('.fc-daygrid-event', { hasText: title });
  await expect(
    page.locator(`td.fc-daygrid-day[data-date="${from}"]`).locator('.fc-event', { hasText: title }),
  ).toBeVisible();
  const source = await event.boundingBox();
  const target = await page
    .locator(`td.fc-daygrid-day[data-date="${to}"] .fc-daygrid-day-frame`)
    .boundingBox();
  if (!source || !target) throw new Error('the event or the next day is not on screen');
  const moved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/calendars\/\d+$/.test(r.url()),
  );
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2, { steps: 5 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect(page.getByText(`行程已改到 ${to} 09:00`)).toBeVisible();
  await expect(
    page.locator(`td.fc-daygrid-day[data-date="${to}"]`).locator('.fc-event', { hasText: title }),
  ).toBeVisible();

  // The event opens in place and links to its case's 行事曆 tab, where it is on the new date.
  await page.locator(`td.fc-daygrid-day[data-date="${to}"]`).locator('.fc-event', { hasText: title }).click();
  const edit = page.getByRole('dialog', { name: '編輯行程' });
  await expect(edit).toContainText(`${to} 09:00 – ${to} 10:00`);
  await edit.getByRole('link', { name: '開啟案件行事曆' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manager\/\d+\?tab=calendars/);
  const item = page.locator('.item-card', { hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText(`${to} 09:00 – ${to} 10:00`);

  // The .ics address, shown once, carries the event.
  await page.goto('/dashboard/calendar');
  await page.getByRole('button', { name: '訂閱行事曆' }).click();
  const feed = page.getByRole('dialog', { name: '訂閱行事曆' });
  await feed.getByRole('button', { name: '建立訂閱網址' }).click();
  const address = feed.getByLabel('訂閱網址');
  await expect(address).toHaveValue(/token=/);
  await expect(feed).toContainText('只會顯示這一次');
  const ics = await page.request.get(await address.inputValue());
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain(title);
  await feed
    .getByRole('button', { name: /關\s*閉/ })
    .last()
    .click();
  await expect(feed).toBeHidden();
});

test('an sa sees the firm calendar without a create button or a case filter', async ({ page }) => {
  await staffSignIn(page, 'sa@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report/);
  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('heading', { name: '行事曆', level: 3 })).toBeVisible();
  await expect(page.getByRole('button', { name: '訂閱行事曆' })).toBeVisible();
  await expect(page.locator('.firm-calendar__title')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: '新增行程' })).toHaveCount(0);
  // No case picker for someone who reads no case; the client and colleague pickers are there.
  await expect(page.getByLabel('案件', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('投資人', { exact: true })).toBeVisible();
});
