import { type ClientImportReport, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index.ts';
import { dispositionFilename } from '../../shared/api/transfer.ts';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { clientRow, stageStats } from '../../test/clientFakes.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { SessionProvider } from '../auth/session/index.ts';
import { InvestorsPage } from '../investors/pages/InvestorsPage.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

/** The client list page at `path`, signed in as `role`, with the JSON calls answered. */
async function renderList(path: string, role: StaffRole, user = staffUser(role, { id: 5 })) {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: user }));
  await store.start();
  const get = vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === '/api/internal/v2/clients') return { data: { result: [clientRow()], count: 1 } } as never;
    if (path === '/api/internal/v2/clients/stats') return { data: stageStats({ p2: 1 }) } as never;
    // Reference data (colleagues, domain keys) is not what these tests are about.
    return new Promise(() => {});
  });
  const router = createMemoryRouter([{ path: '/dashboard/investor', element: <InvestorsPage /> }], {
    initialEntries: [path],
  });
  render(
    <SessionProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </QueryClientProvider>
    </SessionProvider>,
  );
  // The board shows the row in each column the fake answers.
  await screen.findAllByText('王小明');
  return { get };
}

const listCalls = (get: { mock: { calls: unknown[][] } }) =>
  get.mock.calls.filter(([p]) => p === '/api/internal/v2/clients').length;

// ── Export ──────────────────────────────────────────────────────────────────────────────────

const fetched: Array<{ url: URL; headers: Record<string, string> }> = [];
const saved: Array<{ name: string; href: string }> = [];

function answerExport(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      fetched.push({
        url: new URL(String(input), 'http://test'),
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      return response();
    }),
  );
}

beforeEach(() => {
  fetched.length = 0;
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:sheet', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => changeLanguage('zh-TW'));
});

async function exportAs(format: 'CSV 檔' | 'XLSX 試算表') {
  fireEvent.click(screen.getByRole('button', { name: /匯出/ }));
  fireEvent.click(await screen.findByText(format));
}

describe('client list export', { timeout: 30_000 }, () => {
  it('downloads what is on screen: filters, search, stage tab and sort, in the interface language', async () => {
    answerExport(
      () =>
        new Response('xlsx bytes', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="?????-2026-05-01.xlsx"; filename*=UTF-8''${encodeURIComponent('投資人名單-2026-05-01.xlsx')}`,
          },
        }),
    );
    await renderList(
      '/dashboard/investor?process_status=p2&membership=gp&group_id=3&q=%E7%8E%8B&sort=name:asc&page=3',
      'sa',
    );
    await exportAs('XLSX 試算表');
    expect(await screen.findByText('已下載「投資人名單-2026-05-01.xlsx」')).toBeTruthy();
    expect(fetched).toHaveLength(1);
    const { url, headers } = fetched[0]!;
    expect(url.pathname).toBe('/api/internal/v2/clients/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: '王',
      membership: 'gp',
      group_id: '3',
      process_status: 'p2',
      sort: 'name:asc',
      format: 'xlsx',
      lang: 'zh-TW',
    });
    // The token goes in the header, never in the address.
    expect(headers.Authorization).toBe('Bearer saved');
    expect(url.search).not.toContain('saved');
    expect(saved).toEqual([{ name: '投資人名單-2026-05-01.xlsx', href: 'blob:sheet' }]);
  });

  it('exports the board as it shows: every stage, most recently touched first, in English when chosen', async () => {
    answerExport(() => new Response('a,b\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    await act(() => changeLanguage('en'));
    await renderList('/dashboard/investor?view=board&expiry=expired', 'ir');
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('CSV file'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(Object.fromEntries(fetched[0]!.url.searchParams)).toEqual({
      expiry: 'expired',
      process_status: 'all',
      sort: 'updated_at:desc',
      format: 'csv',
      lang: 'en',
    });
    // No name from the server: a plain one.
    expect(saved[0]!.name).toBe('clients.csv');
  });

  it('says 下載失敗 with the reason when the server refuses, and saves nothing', async () => {
    answerExport(
      () =>
        new Response(
          JSON.stringify({ error: { status: 400, code: 'INVALID_SORT', message: 'Unknown sort field' } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    await renderList('/dashboard/investor', 'admin');
    await exportAs('CSV 檔');
    expect(await screen.findByText('下載失敗')).toBeTruthy();
    expect(screen.getByText('無法依這個欄位排序。')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('reads the name of a Content-Disposition header', () => {
    expect(dispositionFilename(`attachment; filename="a.csv"; filename*=UTF-8''%E6%8A%95.csv`)).toBe(
      '投.csv',
    );
    expect(dispositionFilename('attachment; filename="clients-1.xlsx"')).toBe('clients-1.xlsx');
    expect(dispositionFilename('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(dispositionFilename(null)).toBeNull();
  });
});

// ── Import ──────────────────────────────────────────────────────────────────────────────────

/** Every upload the dialog sends, and what the fake server answers to each in turn. */
const sent: Array<{ url: URL; auth: string | null; file: File }> = [];
let answers: Array<{ status: number; body: unknown }> = [];

class FakeXhr {
  upload = { onprogress: null as ((e: ProgressEvent) => void) | null };
  status = 0;
  statusText = '';
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private auth: string | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    if (name === 'Authorization') this.auth = value;
  }
  abort() {}
  send(body: FormData) {
    sent.push({ url: new URL(this.url, 'http://test'), auth: this.auth, file: body.get('file') as File });
    const answer = answers.shift() ?? { status: 500, body: '' };
    setTimeout(() => {
      this.status = answer.status;
      this.responseText = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      this.onload?.();
    }, 5);
  }
}

function report(overrides: Partial<ClientImportReport> = {}): ClientImportReport {
  return {
    dry_run: true,
    created: 0,
    updated: 1,
    unchanged: 1,
    refused: 1,
    ignored_columns: ['備註欄'],
    rows: [
      {
        row: 2,
        outcome: 'updated',
        email: 'wang@example.com',
        client_id: 41,
        fields: ['phone', 'next_step'],
        issues: [],
      },
      { row: 3, outcome: 'unchanged', email: 'lee@example.com', client_id: 42, fields: [], issues: [] },
      {
        row: 4,
        outcome: 'refused',
        email: 'bad-at-example',
        client_id: null,
        fields: [],
        issues: [
          { column: 'email', problem: 'invalid_email' },
          { column: 'expiry_at', problem: 'invalid_date' },
        ],
      },
    ],
    ...overrides,
  };
}

function sheet(name = '投資人名單.xlsx', size?: number) {
  const file = new File(['PK'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openImport() {
  fireEvent.click(screen.getByRole('button', { name: /匯\s*入/ }));
  // The dialog's code loads when first opened.
  // (Tests give every useId the same id, so the dialog is found by its title, not its name.)
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  expect(within(dialog).getByText('匯入投資人')).toBeTruthy();
  const input = () => {
    const found = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  };
  return { dialog, choose: (file: File) => fireEvent.change(input(), { target: { files: [file] } }) };
}

describe('client list import', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sent.length = 0;
    answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('checks the file first, reports each row in Chinese, then applies it on confirmation', async () => {
    answers = [
      { status: 200, body: { data: report() } },
      { status: 200, body: { data: report({ dry_run: false }) } },
    ];
    const { get } = await renderList('/dashboard/investor', 'sa');
    const { dialog, choose } = await openImport();
    choose(sheet());

    // A dry run: nothing written yet.
    expect(
      await within(dialog).findByText('以下是檢查結果，尚未寫入任何資料；按「確認匯入」才會套用。'),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.pathname).toBe('/api/internal/v1/clients/import');
    expect(sent[0]!.url.searchParams.get('dry_run')).toBe('1');
    expect(sent[0]!.auth).toBe('Bearer saved');
    expect(sent[0]!.file.name).toBe('投資人名單.xlsx');

    const counts = within(dialog).getByRole('list', { name: '匯入結果統計' });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['新增 0', '更新 1', '未變更 1', '拒絕 1']);
    expect(within(dialog).getByText('未辨識的欄位，已略過：備註欄')).toBeTruthy();
    const updated = within(dialog).getByText('wang@example.com').closest('tr') as HTMLElement;
    expect(within(updated).getByText('將更新')).toBeTruthy();
    expect(within(updated).getByText('電話、下一步')).toBeTruthy();
    const refused = within(dialog).getByText('bad-at-example').closest('tr') as HTMLElement;
    expect(within(refused).getByText('第 4 列')).toBeTruthy();
    expect(within(refused).getByText('電子郵件：不是有效的電子郵件')).toBeTruthy();
    expect(within(refused).getByText('會員到期日：不是有效的日期（例如 2026-03-31）')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/invalid|refused|phone/);

    const before = listCalls(get);
    fireEvent.click(within(dialog).getByRole('button', { name: '確認匯入' }));
    expect(await screen.findByText('已更新 1 位投資人', { selector: '.ant-message *' })).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.url.searchParams.get('dry_run')).toBe('0');
    expect(within(dialog).getByText('匯入完成')).toBeTruthy();
    expect(within(dialog).getByText('更新')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '確認匯入' })).toBeNull();
    // The list is asked again.
    await waitFor(() => expect(listCalls(get)).toBeGreaterThan(before));
    // The updated client links to its page once written.
    expect(within(dialog).getByRole('link', { name: 'wang@example.com' }).getAttribute('href')).toBe(
      '/dashboard/investor/41',
    );
  });

  it('offers nothing to confirm when every row is refused or unchanged', async () => {
    answers = [
      {
        status: 200,
        body: { data: report({ updated: 0, unchanged: 1, refused: 1, rows: report().rows.slice(1) }) },
      },
    ];
    await renderList('/dashboard/investor', 'admin');
    const { dialog, choose } = await openImport();
    choose(sheet('名單.csv'));
    expect(
      await within(dialog).findByText('沒有可匯入的資料：每一列都沒有變更或被拒絕。請修正檔案後重新選擇。'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '確認匯入' }).hasAttribute('disabled')).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('shows an unreadable file with the one error display and writes nothing', async () => {
    answers = [
      {
        status: 400,
        body: { error: { status: 400, code: 'IMPORT_FILE_UNREADABLE', message: 'The file cannot be read' } },
      },
    ];
    await renderList('/dashboard/investor', 'ir');
    const { dialog, choose } = await openImport();
    choose(sheet('壞掉.xlsx'));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('無法檢查這個檔案，沒有寫入任何資料');
    expect(alert.textContent).toContain('無法讀取這個檔案。');
    expect(within(alert).getByRole('button', { name: '詳細資訊' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '確認匯入' })).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('refuses a file over 10 MB or of another kind in the browser, before sending a byte', async () => {
    await renderList('/dashboard/investor', 'sa');
    const { dialog, choose } = await openImport();
    choose(sheet('大名單.xlsx', 11 * 1024 * 1024));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '「大名單.xlsx」有 11 MB，超過 10 MB 的上限，請分成較小的檔案。',
    );
    choose(sheet('名單.xls'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '「名單.xls」不是 CSV 或 XLSX 檔。',
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toEqual([]);
  });

  it('is not offered to a reviewer signed in by a link, who may read but not write', async () => {
    await renderList('/dashboard/investor', 'sa', staffUser('sa', { id: 5, reviewer: true }));
    expect(screen.getByRole('button', { name: /匯出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /匯\s*入/ })).toBeNull();
  });
});
