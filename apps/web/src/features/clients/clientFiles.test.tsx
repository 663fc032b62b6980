import type { Client, ClientFile } from '@dealflow/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientFilesTab } from './components/ClientFilesTab.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const CLIENT: Client = {
  id: 9,
  email: 'wang@example.com',
  firstName: null,
  lastName: null,
  name: '王大明',
  type: null,
  status: 'active',
  phone: null,
  membership: 'general',
  process_status: 'p2',
  dropped_from: null,
  stage_entered_at: '2030-01-01T00:00:00.000Z',
  investe_startup: null,
  scale: null,
  check_size: null,
  currency: 'NTD',
  domain_keys: [],
  industry_keys: [],
  employee_id: null,
  employee: null,
  expiry_at: null,
  next_step: null,
  has_login: false,
  must_change_password: false,
  last_login_at: null,
  application_status: null,
  is_deleted: false,
  deleted_at: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};
const LIST_URL = '/api/internal/v1/clients/9/files';

/** Every XMLHttpRequest the tab opens (uploads go through one, for their progress). */
const opened: Array<{ method: string; url: string; body: FormData | null }> = [];
class FakeXhr {
  upload = {
    onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null,
  };
  status = 0;
  statusText = '';
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request = { method: '', url: '', body: null as FormData | null };
  open(method: string, url: string) {
    this.request = { method, url, body: null };
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    this.request.body = body;
    opened.push(this.request);
    const file = body.get('file') as File;
    const saved: ClientFile = {
      id: 1,
      client_id: 9,
      name: file.name,
      kind: body.get('kind') as ClientFile['kind'],
      size: file.size,
      mime: 'application/pdf',
      sha256: 'a'.repeat(64),
      uploaded_by: { id: 1, name: '業務甲' },
      created_at: '2030-01-02T00:00:00.000Z',
      updated_at: '2030-01-02T00:00:00.000Z',
    };
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: file.size, total: file.size });
      this.status = 200;
      this.responseText = JSON.stringify({ data: saved });
      this.onload?.();
    });
  }
}

beforeEach(() => {
  opened.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://test');
      expect(url.pathname).toBe(LIST_URL);
      return new Response(JSON.stringify({ data: { result: [], count: 0 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(editable = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <FeedbackProvider>
          <ClientFilesTab client={CLIENT} editable={editable} />
        </FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const input = () => {
    const found = view.container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  };
  return { input };
}

/** A file as the browser hands it over; `size` as the file system says, without making the bytes. */
function chosen(name: string, size: number, type = 'application/pdf') {
  const file = new File(['%PDF-1.4'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('files tab', { timeout: 20_000 }, () => {
  it('refuses a file over 20 MB before sending a byte, saying why', async () => {
    const { input } = renderTab();
    expect(
      await screen.findByText('尚無檔案。在這裡保存這位投資人的身分證明、合約、對帳單與報告。'),
    ).toBeTruthy();
    fireEvent.change(input(), { target: { files: [chosen('年度報告.pdf', 21 * 1024 * 1024)] } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('無法上傳');
    expect(alert.textContent).toContain('「年度報告.pdf」有 21 MB，超過 20 MB 上限，沒有上傳。');
    // Nothing was sent, and the refused file is not listed as uploading.
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).toEqual([]);
    expect(screen.queryByText('年度報告.pdf')).toBeNull();
  });

  it('refuses a kind of file the platform does not keep', async () => {
    const { input } = renderTab();
    await screen.findByText('尚無檔案。在這裡保存這位投資人的身分證明、合約、對帳單與報告。');
    fireEvent.change(input(), { target: { files: [chosen('setup.exe', 1000, 'application/x-msdownload')] } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      '「setup.exe」不是可上傳的檔案類型，沒有上傳。',
    );
    expect(opened).toEqual([]);
  });

  it('sends a file of exactly 20 MB, with its kind, to the client’s files', async () => {
    const { input } = renderTab();
    await screen.findByText('尚無檔案。在這裡保存這位投資人的身分證明、合約、對帳單與報告。');
    fireEvent.change(input(), { target: { files: [chosen('合約.pdf', 20 * 1024 * 1024)] } });
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ method: 'POST', url: LIST_URL });
    expect(opened[0]!.body!.get('kind')).toBe('other');
    expect((opened[0]!.body!.get('file') as File).name).toBe('合約.pdf');
    expect(await screen.findByText('已上傳「合約.pdf」')).toBeTruthy();
    expect(screen.queryByText('無法上傳')).toBeNull();
  });

  it('offers no upload to a reader', async () => {
    renderTab(false);
    expect(await screen.findByText('尚無檔案。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /上傳檔案/ })).toBeNull();
  });
});
