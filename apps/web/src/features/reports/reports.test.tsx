import {
  CASE_STAGES,
  CaseActivityEntry,
  CaseBreakdown,
  CaseSummaryReport,
  ClientActivityEntry,
  ClientBreakdown,
  PipelineAnalytics,
  type StaffRole,
  StatusSeries,
  tokenKey,
} from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type RequestOptions } from '../../shared/api/index.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import {
  analytics,
  caseActivity,
  caseAos,
  caseDomains,
  caseRounds,
  caseSummary,
  clientActivity,
  clientDomains,
  clientOwners,
  clientTiers,
  SA_STAGES,
  statusSeries,
} from '../../test/reportFakes.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { caseDoughnut, caseStageChart } from './lib/caseCharts.ts';
import { chartOptions, hrefOfElements } from './lib/chartConfig.ts';
import { xlsxBlob } from './lib/download.ts';
import { defaultPeriod, presetPeriod, today } from './lib/period.ts';
import { csvRows, exportFileName, toCsv } from './lib/reportTable.ts';
import { ReportPage } from './pages/ReportPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

// jsdom has no canvas: each chart is drawn as one button per category, which calls the chart's own
// click handler (options.onClick) as Chart.js would for a click on that bar or slice.
vi.mock('react-chartjs-2', () => ({
  Chart: (props: {
    type: string;
    data: { labels: string[] };
    options: { onClick?: (event: unknown, elements: unknown[]) => void };
    'aria-label'?: string;
  }) => (
    <div data-testid="canvas" data-type={props.type} role="img" aria-label={props['aria-label']}>
      {props.data.labels.map((l, i) => (
        <button
          key={l}
          type="button"
          onClick={() => props.options.onClick?.({}, [{ index: i, datasetIndex: 0 }])}
        >
          {l}
        </button>
      ))}
    </div>
  ),
}));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

type Answers = Record<string, (query: Record<string, unknown>) => unknown>;

const day = today();

function defaultAnswers(role: StaffRole): Answers {
  const stages = role === 'sa' ? SA_STAGES : undefined;
  return {
    '/api/internal/v2/snapshots/cases/summary': () => caseSummary(),
    '/api/internal/v2/snapshots/cases/round': () => caseRounds(),
    '/api/internal/v2/snapshots/cases/domain': () => caseDomains(),
    '/api/internal/v2/snapshots/cases/ao': () => caseAos(),
    '/api/internal/v2/snapshots/cases/status': (q) =>
      statusSeries(CASE_STAGES, String(q.start_at), String(q.end_at)),
    '/api/internal/v2/analytics/cases': (q) =>
      analytics('cases', String(q.start_at), String(q.end_at), Number(q.stuck_days)),
    '/api/internal/v1/caseActivity': (q) => caseActivity(Number(q.page)),
    '/api/internal/v2/snapshots/client/type': () => clientTiers(stages),
    '/api/internal/v2/snapshots/client/domain': () => clientDomains(stages),
    '/api/internal/v2/snapshots/client/ao': () => clientOwners(stages),
    '/api/internal/v2/snapshots/client/status': (q) =>
      statusSeries(
        stages ?? ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop'],
        String(q.start_at),
        String(q.end_at),
      ),
    '/api/internal/v2/analytics/clients': (q) =>
      analytics('clients', String(q.start_at), String(q.end_at), Number(q.stuck_days)),
    '/api/internal/v1/clientActivity': () => clientActivity(),
  };
}

/** The report page at `path` for a staff member of `role`, the API answering from `answers`. */
async function renderReport(path: string, role: StaffRole, overrides: Answers = {}) {
  const user = staffUser(role, { id: 2 });
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: user }));
  await store.start();
  const answers = { ...defaultAnswers(role), ...overrides };
  const get = vi.spyOn(api, 'get').mockImplementation(async (p: string, options?: RequestOptions) => {
    const answer = answers[p];
    if (answer) return { data: answer((options?.query ?? {}) as Record<string, unknown>) } as never;
    // Reference data (domain keys) is not what these tests are about.
    return new Promise(() => {});
  });
  const page = (element: ReactNode) => (
    <>
      {element}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard/report', element: page(<ReportPage />) },
      { path: '/dashboard', element: page(null) },
      { path: '/dashboard/investor', element: page(null) },
      { path: '/dashboard/investor/:id', element: page(null) },
      { path: '/dashboard/manager/:id', element: page(null) },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </QueryClientProvider>
    </SessionProvider>,
  );
  return { get, router };
}

type Get = typeof api.get;
function queriesTo(get: { mock: { calls: Parameters<Get>[] } }, path: string) {
  return get.mock.calls.filter(([p]) => p === path).map(([, o]) => (o as RequestOptions | undefined)?.query);
}
const where = () => screen.getByTestId('where').textContent;

afterEach(() => vi.restoreAllMocks());

describe('report fixtures follow the contracts', () => {
  it('parses every fixture with the shared zod schemas', () => {
    expect(() => CaseSummaryReport.parse(caseSummary())).not.toThrow();
    for (const b of [caseRounds(), caseDomains(), caseAos()])
      expect(() => CaseBreakdown.parse(b)).not.toThrow();
    for (const b of [clientTiers(), clientDomains(SA_STAGES), clientOwners()])
      expect(() => ClientBreakdown.parse(b)).not.toThrow();
    expect(() => StatusSeries.parse(statusSeries(CASE_STAGES, '2026-04-01', '2026-04-30'))).not.toThrow();
    expect(() => PipelineAnalytics.parse(analytics('cases', '2026-02-01', '2026-04-30'))).not.toThrow();
    for (const e of caseActivity().result) expect(() => CaseActivityEntry.parse(e)).not.toThrow();
    for (const e of clientActivity().result) expect(() => ClientActivityEntry.parse(e)).not.toThrow();
  });
});

describe('the data behind a chart', () => {
  it('writes the round doughnut as CSV: BOM, header in Chinese, every group, amounts in full per currency', () => {
    const spec = caseDoughnut('round', caseRounds(), (k) => k);
    const csv = toCsv(spec.table);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csvRows(spec.table)).toEqual([
      ['輪次', '案件數', '進行中案件', '募資金額（NT$）', '募資金額（US$）'],
      ['Seed', '12', '12', '120000000', '0'],
      ['Pre-A', '7', '7', '260000000', '0'],
      ['Series A', '8', '4', '600000000', '4500000'],
      ['Series B', '5', '2', '305000000', '0'],
      ['未填輪次', '15', '6', '0', '0'],
    ]);
  });

  it('quotes commas and quotes, and keeps a typed formula from running in a spreadsheet', () => {
    const rows = csvRows({
      columns: [
        { key: 'name', title: '名稱', kind: 'text' },
        { key: 'n', title: '數量', kind: 'count' },
      ],
      rows: [
        { name: '=SUM(A1)', n: -3 },
        { name: '甲, "乙"', n: null },
      ],
    });
    expect(rows.slice(1)).toEqual([
      ["'=SUM(A1)", '-3'],
      ['"甲, ""乙"""', ''],
    ]);
  });

  it('names files by the title in the UI language and the day', () => {
    expect(exportFileName('各輪次案件', '2026-05-01', 'xlsx')).toBe('各輪次案件_2026-05-01.xlsx');
    expect(exportFileName('A/B: 報表', '2026-05-01', 'csv')).toBe('A_B_報表_2026-05-01.csv');
  });

  it('writes an XLSX that reads back with the same figures', async () => {
    const spec = caseDoughnut('round', caseRounds(), (k) => k);
    const blob = await xlsxBlob(spec.table, '各輪次案件');
    const { Workbook } = await import('exceljs');
    const book = new Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.getWorksheet('各輪次案件');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '輪次',
      '案件數',
      '進行中案件',
      '募資金額（NT$）',
      '募資金額（US$）',
    ]);
    expect(sheet?.getRow(4).values).toEqual([undefined, 'Series A', 8, 4, 600000000, 4500000]);
  });
});

describe('a click on a chart element', () => {
  it('opens the case list at the clicked stage', () => {
    const spec = caseStageChart(caseSummary());
    const navigate = vi.fn();
    const options = chartOptions(spec, { mobile: false, reducedMotion: true, language: 'zh-TW', navigate });
    const s2 = CASE_STAGES.indexOf('s2');
    (options.onClick as (e: unknown, els: unknown[]) => void)({}, [{ index: s2, datasetIndex: 0 }]);
    expect(navigate).toHaveBeenCalledWith('/dashboard?status=s2');
    expect(hrefOfElements(spec, [])).toBeNull();
  });

  it('has no list to open for the group without a round', () => {
    const spec = caseDoughnut('round', caseRounds(), (k) => k);
    const none = spec.labels.indexOf('未填輪次');
    expect(hrefOfElements(spec, [{ index: none, datasetIndex: 0 }])).toBeNull();
    const seed = spec.labels.indexOf('Seed');
    expect(hrefOfElements(spec, [{ index: seed, datasetIndex: 0 }])).toBe('/dashboard?status=all&round=Seed');
  });
});

describe('the case report', { timeout: 30_000 }, () => {
  it('shows the summary, every chart, the activity feed and the analytics', async () => {
    await renderReport('/dashboard/report?type=case', 'admin');
    expect(await screen.findByTestId('stat-in-progress')).toHaveProperty('textContent', '進行中案件34');
    expect(screen.getByTestId('stat-raising').textContent).toBe('募資中金額NT$12.85億US$450萬');
    expect(screen.getByTestId('stat-funded').textContent).toBe('2026 年已投資5 件NT$1.8億');
    expect(screen.getByTestId('stat-dropped').textContent).toBe('2026 年封存4 件');
    for (const id of [
      'case-stages',
      'case-rounds',
      'case-domains',
      'case-ao',
      'case-status',
      'case-funnel',
      'case-conversion',
      'case-time-in-stage',
    ])
      expect(await within(await screen.findByTestId(`chart-${id}`)).findByRole('img')).toBeTruthy();
    const feed = screen.getByTestId('feed-case-activity');
    expect(within(feed).getByRole('link', { name: '晶創科技' }).getAttribute('href')).toBe(
      '/dashboard/manager/11',
    );
    expect(within(feed).getByText('S1 早期評估 → S2 盡職調查與條件協商')).toBeTruthy();
    expect(within(feed).queryByRole('link', { name: '舊案件' })).toBeNull();
    expect(within(feed).getByText('第 1 / 3 頁')).toBeTruthy();
    const stuck = screen.getByTestId('chart-case-stuck');
    expect(within(stuck).getByText('停留 30 天以上：共 4 件')).toBeTruthy();
    expect(within(stuck).getByRole('link', { name: '晶創科技' }).getAttribute('href')).toBe(
      '/dashboard/manager/11',
    );
    // The admin may switch to the investor report.
    expect(screen.getByRole('radio', { name: '投資人報表' })).toBeTruthy();
  });

  it('opens the case list filtered to the clicked bar or slice', async () => {
    await renderReport('/dashboard/report?type=case', 'ao');
    const stages = await screen.findByTestId('chart-case-stages');
    fireEvent.click(await within(stages).findByRole('button', { name: 'S2 盡職調查與條件協商' }));
    await waitFor(() => expect(where()).toBe('/dashboard?status=s2'));
  });

  it('opens the AO’s cases from the per-AO bar', async () => {
    await renderReport('/dashboard/report?type=case', 'ao');
    const aos = await screen.findByTestId('chart-case-ao');
    fireEvent.click(await within(aos).findByRole('button', { name: '黃經理' }));
    await waitFor(() => expect(where()).toBe('/dashboard?status=all&ao=3'));
  });

  it('asks for the last 30 days by default; a preset writes the period into the URL and asks again', async () => {
    const { get } = await renderReport('/dashboard/report?type=case', 'admin');
    await screen.findByTestId('chart-case-status');
    const first = defaultPeriod(day);
    await waitFor(() =>
      expect(queriesTo(get, '/api/internal/v2/snapshots/cases/status')).toContainEqual({
        start_at: first.start,
        end_at: first.end,
      }),
    );
    expect(where()).toBe('/dashboard/report?type=case');
    fireEvent.click(screen.getByText('近 90 天'));
    const next = presetPeriod('last90', day);
    await waitFor(() =>
      expect(where()).toBe(`/dashboard/report?type=case&start_at=${next.start}&end_at=${next.end}`),
    );
    await waitFor(() =>
      expect(queriesTo(get, '/api/internal/v2/snapshots/cases/status').at(-1)).toEqual({
        start_at: next.start,
        end_at: next.end,
      }),
    );
    expect(queriesTo(get, '/api/internal/v2/analytics/cases').at(-1)).toEqual({
      start_at: next.start,
      end_at: next.end,
      stuck_days: 30,
    });
  });

  it('reads the period, the stuck threshold and the feed page from the URL', async () => {
    const { get } = await renderReport(
      '/dashboard/report?type=case&start_at=2026-01-01&end_at=2026-03-31&stuck_days=60&activity_page=2',
      'admin',
    );
    await screen.findByTestId('chart-case-stuck');
    await waitFor(() =>
      expect(queriesTo(get, '/api/internal/v2/analytics/cases').at(-1)).toEqual({
        start_at: '2026-01-01',
        end_at: '2026-03-31',
        stuck_days: 60,
      }),
    );
    expect(queriesTo(get, '/api/internal/v1/caseActivity').at(-1)).toEqual({ page: 2, size: 10 });
    expect(await screen.findByText('第 2 / 3 頁')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一頁' }));
    await waitFor(() =>
      expect(where()).toBe('/dashboard/report?type=case&start_at=2026-01-01&end_at=2026-03-31&stuck_days=60'),
    );
  });

  it('changes the stuck threshold on Enter, not on every key', async () => {
    const { get } = await renderReport('/dashboard/report?type=case', 'admin');
    const input = await screen.findByLabelText('停滯門檻（天）');
    fireEvent.change(input, { target: { value: '45' } });
    expect(where()).toBe('/dashboard/report?type=case');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(where()).toBe('/dashboard/report?type=case&stuck_days=45'));
    await waitFor(() =>
      expect(queriesTo(get, '/api/internal/v2/analytics/cases').at(-1)).toMatchObject({ stuck_days: 45 }),
    );
  });

  it('says so when there is nothing to draw', async () => {
    await renderReport('/dashboard/report?type=case', 'admin', {
      '/api/internal/v2/snapshots/cases/round': () => caseRounds([]),
      '/api/internal/v2/snapshots/cases/status': (q) => ({
        ...statusSeries(CASE_STAGES, String(q.start_at), String(q.end_at)),
        result: [],
      }),
    });
    expect(
      within(await screen.findByTestId('chart-case-rounds-empty')).getByText('目前沒有資料'),
    ).toBeTruthy();
    expect(
      within(await screen.findByTestId('chart-case-status-empty')).getByText('這段期間沒有資料'),
    ).toBeTruthy();
    // The other charts are drawn.
    expect(within(screen.getByTestId('chart-case-domains')).getByRole('img')).toBeTruthy();
  });

  it('shows the days still being compiled', async () => {
    await renderReport('/dashboard/report?type=case', 'admin', {
      '/api/internal/v2/snapshots/cases/status': (q) =>
        statusSeries(CASE_STAGES, String(q.start_at), String(q.end_at), { missing: [String(q.start_at)] }),
    });
    expect(await screen.findByText('有 1 天的資料尚在彙整，這幾天先不顯示。')).toBeTruthy();
  });

  it('shows a failed chart through the shared error display, with a retry', async () => {
    const { ApiError } = await import('../../shared/api/index.ts');
    await renderReport('/dashboard/report?type=case', 'admin', {
      '/api/internal/v2/snapshots/cases/domain': () => {
        throw new ApiError({
          status: 500,
          body: { error: { status: 500, code: 'INTERNAL', message: 'boom' } },
        });
      },
    });
    const card = await screen.findByTestId('chart-case-domains');
    expect(await within(card).findByText('無法載入報表資料')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /重\s*試/ })).toBeTruthy();
  });

  it('shows the data behind a chart as a table whose rows link to the list', async () => {
    await renderReport('/dashboard/report?type=case', 'admin');
    const card = await screen.findByTestId('chart-case-rounds');
    fireEvent.click(await within(card).findByText('資料表'));
    const table = within(card).getByRole('table');
    expect(within(table).getByRole('link', { name: 'Pre-A' }).getAttribute('href')).toBe(
      '/dashboard?status=all&round=Pre-A',
    );
    expect(within(table).getByText('NT$600,000,000')).toBeTruthy();
  });
});

describe('the investor report', { timeout: 30_000 }, () => {
  it('shows tiers, domains, owners, stages, the contact stages over time, the feed and the analytics', async () => {
    await renderReport('/dashboard/report?type=investor', 'sa');
    for (const id of [
      'client-stages',
      'client-tiers',
      'client-domains',
      'client-owners',
      'client-status',
      'client-funnel',
    ])
      expect(await within(await screen.findByTestId(`chart-${id}`)).findByRole('img')).toBeTruthy();
    const feed = screen.getByTestId('feed-client-activity');
    expect(within(feed).getByRole('link', { name: '王小明' }).getAttribute('href')).toBe(
      '/dashboard/investor/41',
    );
    expect(within(feed).getByText('新增待辦')).toBeTruthy();
    // sa reads only the investor report: no switch.
    expect(screen.queryByRole('radio', { name: '案件報表' })).toBeNull();
  });

  it('opens the client list filtered to a tier, a stage and an owner', async () => {
    await renderReport('/dashboard/report?type=investor', 'ir');
    const tiers = await screen.findByTestId('chart-client-tiers');
    fireEvent.click(await within(tiers).findByRole('button', { name: '普通合夥人' }));
    await waitFor(() => expect(where()).toBe('/dashboard/investor?membership=gp'));
  });

  it('opens an owner’s clients at the clicked stage', async () => {
    await renderReport('/dashboard/report?type=investor', 'admin');
    const owners = await screen.findByTestId('chart-client-owners');
    fireEvent.click(await within(owners).findByRole('button', { name: '陳業務' }));
    await waitFor(() => expect(where()).toBe('/dashboard/investor?process_status=p0&employee_id=5'));
  });
});

describe('who reads which report (SPEC section 6, policy reports.*)', { timeout: 30_000 }, () => {
  it.each([
    ['ao', '/dashboard/report?type=investor', '/dashboard/report?type=case'],
    ['ir', '/dashboard/report?type=case', '/dashboard/report?type=investor'],
    ['sa', '/dashboard/report', '/dashboard/report?type=investor'],
    ['admin', '/dashboard/report?type=bogus', '/dashboard/report?type=case'],
  ] as const)('%s opening %s lands on %s', async (role, from, to) => {
    await renderReport(from, role);
    await waitFor(() => expect(where()).toBe(to));
  });
});
