import type { Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, staffSignIn, test } from './support.ts';

/**
 * Issue #10: an admin opens the case report, clicks the S2 bar and lands on the case list at S2;
 * switches the period and sees the status chart change; focuses it on one AO, then one domain;
 * downloads the round doughnut's data as XLSX and finds the server's figures in it.
 */

/** Where Chart.js drew each element of a chart: `[dataset, index, x, y]` (see chartSetup.ts). */
async function elementsOf(canvas: Locator): Promise<number[][]> {
  await expect(canvas).toHaveAttribute('data-elements', /\[\[/);
  return JSON.parse((await canvas.getAttribute('data-elements')) ?? '[]') as number[][];
}

/** Clicks element `index` of dataset `dataset` of a chart, where it is drawn. */
async function clickElement(canvas: Locator, index: number, dataset = 0) {
  const hit = (await elementsOf(canvas)).find(([s, i]) => s === dataset && i === index);
  expect(hit, `element ${index} of dataset ${dataset} is drawn`).toBeTruthy();
  const [, , x, y] = hit as number[];
  await canvas.click({ position: { x: x as number, y: y as number } });
}

/** The chart's picture, to tell whether it changed. */
const pictureOf = (canvas: Locator) =>
  canvas.evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));

interface CaseGroup {
  key: string;
  count: number;
  in_progress: number;
  fund_raising: Record<string, number>;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('an admin reads the case report, opens a stage from its bar, changes the period and downloads a chart', async ({
  page,
}) => {
  // No animation: each chart is drawn at once, in its final place.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await staffSignIn(page, 'admin@example.com');
  await expect(page).toHaveURL(/\/dashboard\/report\?type=case$/);
  await expect(page.getByRole('heading', { name: '案件報表', level: 3 })).toBeVisible();

  // The S2 bar of 各階段案件數 opens the case list at S2.
  const stages = page.getByTestId('chart-case-stages').locator('canvas');
  await expect(stages).toBeVisible();
  await clickElement(stages, 3); // draft, s0, s1, s2
  await expect(page).toHaveURL(/\/dashboard\?status=s2$/);
  await expect(page.getByRole('tab', { name: /^S2 盡職調查與條件協商/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Back on the report: the period of the status chart, then 近 90 天.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/report\?type=case$/);
  const status = page.getByTestId('chart-case-status');
  const statusCanvas = status.locator('canvas');
  await expect(statusCanvas).toHaveAttribute('data-elements', /\[\[/);
  const before = await pictureOf(statusCanvas);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/v2/snapshots/cases/status') && r.url().includes('start_at='),
    ),
    page.getByTestId('report-period').getByText('近 90 天').click(),
  ]);
  expect(answer.ok()).toBe(true);
  await expect(page).toHaveURL(/[?&]start_at=\d{4}-\d{2}-\d{2}&end_at=\d{4}-\d{2}-\d{2}/);
  const period = new URL(page.url()).searchParams;
  const days =
    (Date.parse(period.get('end_at') ?? '') - Date.parse(period.get('start_at') ?? '')) / 86_400_000 + 1;
  expect(days).toBe(90);
  await expect.poll(() => pictureOf(statusCanvas)).not.toBe(before);
  // The table behind the chart covers the new period (days not yet compiled are left out).
  await status.getByText('資料表').click();
  const firstDay = status.locator('tbody tr th').first();
  await expect(firstDay).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  expect((await firstDay.textContent()) ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(((await firstDay.textContent()) as string) >= (period.get('start_at') as string)).toBe(true);

  // Focus the trend and the analytics on one AO: the URL names her, the series is hers.
  await status.getByText('圖表').click();
  await expect(statusCanvas).toHaveAttribute('data-elements', /\[\[/);
  // The heights of its bars say what it shows (the picture also holds hover effects, and the
  // columns shift by a pixel when the filters above reflow).
  const drawn = async () =>
    JSON.stringify((await elementsOf(statusCanvas)).map(([series, index, , y]) => [series, index, y]));
  const whole = await drawn();
  await page.getByTestId('report-focus').click();
  const [focused] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/v2/snapshots/cases/status') && /[?&]ao_id=\d+/.test(r.url()),
    ),
    page.waitForResponse((r) => r.url().includes('/v2/analytics/cases') && /[?&]ao_id=\d+/.test(r.url())),
    page.getByRole('option', { name: '林怡君' }).click(),
  ]);
  expect(focused.ok()).toBe(true);
  await expect(page).toHaveURL(/[?&]ao_id=\d+/);
  await expect.poll(drawn).not.toBe(whole);
  // A domain replaces the AO (one focus at a time); clearing it shows every case again.
  await page.getByTestId('report-focus').click();
  await page.getByRole('option', { name: '生物科技', exact: true }).click();
  await expect(page).toHaveURL(/[?&]domain=biotech/);
  expect(page.url()).not.toMatch(/ao_id=/);
  await page.getByTestId('report-focus').hover();
  await page.getByTestId('report-focus').getByRole('button', { name: '清除' }).click();
  await expect(page).not.toHaveURL(/domain=|ao_id=/);
  await expect.poll(drawn).toBe(whole);

  // The round doughnut's data as XLSX: the server's figures, group by group.
  const rounds = page.getByTestId('chart-case-rounds');
  await rounds.getByTestId('chart-case-rounds-download').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '資料（XLSX）' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^各輪次案件_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  expect(sheet.name).toBe('各輪次案件');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 3)).toEqual(['輪次', '案件數', '進行中案件']);

  // What the server answers for the same doughnut, asked from the page with the session's token.
  const served = await page.evaluate(async () => {
    const response = await fetch('/api/internal/v2/snapshots/cases/round', {
      headers: {
        Accept: 'application/json',
        Authorization: localStorage.getItem('auth._token.dashboard') ?? '',
      },
    });
    return { ok: response.ok, body: (await response.json()) as unknown };
  });
  expect(served.ok).toBe(true);
  const groups = (served.body as { data: { result: CaseGroup[] } }).data.result;
  const rows = sheet
    .getSheetValues()
    .slice(2)
    .map((r) => (r as unknown[]).slice(1));
  expect(rows).toHaveLength(groups.length);
  groups.forEach((g, i) => {
    const row = rows[i] ?? [];
    expect(row[0]).toBe(g.key === '' ? '未填輪次' : g.key);
    expect(row[1]).toBe(g.count);
    expect(row[2]).toBe(g.in_progress);
    // Amounts in full, one column per currency (NT$ and US$ by symbol).
    for (const [currency, symbol] of [
      ['NTD', 'NT$'],
      ['USD', 'US$'],
    ] as const) {
      const column = header.indexOf(`募資金額（${symbol}）`);
      if (g.fund_raising[currency]) expect(row[column]).toBe(g.fund_raising[currency]);
    }
  });
});
