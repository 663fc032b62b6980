import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/ApiError.ts';
import type { PdfSource } from '../pdfSource.ts';
import { PdfViewerModal } from './PdfViewerModal.tsx';
import { FeedbackProvider } from '../../../shared/feedback/index.tsx';

afterEach(() => vi.unstubAllGlobals());

function show(path: string | null) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <PdfViewerModal path={path} title="保密協議.pdf" onClose={() => {}} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

function showSource(source: PdfSource | null) {
  const client = new QueryClient();
  const tree = (s: PdfSource | null) => (
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <PdfViewerModal source={s} title="保密協議（中文）PDF 預覽" onClose={() => {}} />
      </FeedbackProvider>
    </QueryClientProvider>
  );
  const view = render(tree(source));
  return { giveSource: (s: PdfSource | null) => view.rerender(tree(s)) };
}

describe('PdfViewerModal', () => {
  it('fetches nothing while closed', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    show(null);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says in Chinese why a document cannot be opened, with the server’s reason', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { status: 403, code: 'FORBIDDEN', message: 'Forbidden' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    show('/api/internal/v1/clients/1/files/2/download');
    expect(await screen.findByText('無法開啟這份文件')).toBeTruthy();
    expect(screen.getByText('您沒有權限執行這個操作。')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '保密協議.pdf' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/internal/v1/clients/1/files/2/download', expect.anything());
  });

  it('shows that it is loading until the bytes arrive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    show('/api/internal/v1/clients/1/files/2/download');
    expect(await screen.findByText('正在載入文件…')).toBeTruthy();
  });

  it('loads nothing from a source until given one, then loads it with a signal', async () => {
    const load = vi.fn(() => new Promise<ArrayBuffer>(() => {}));
    const { giveSource } = showSource(null);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    giveSource({ key: ['sample', 1], load });
    expect(await screen.findByText('正在載入文件…')).toBeTruthy();
    expect(load).toHaveBeenCalledWith(expect.any(AbortSignal));
  });

  it('shows a source’s failure in the dialog with the translated reason', async () => {
    const load = vi.fn(async () => {
      throw new ApiError({
        status: 404,
        statusText: 'Not Found',
        body: { error: { status: 404, code: 'CASE_NOT_FOUND', message: 'Case not found' } },
      });
    });
    showSource({ key: ['sample', 2], load });
    expect(await screen.findByText('無法開啟這份文件')).toBeTruthy();
    expect(screen.getByText('找不到這個案件，可能已被刪除。')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '保密協議（中文）PDF 預覽' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
