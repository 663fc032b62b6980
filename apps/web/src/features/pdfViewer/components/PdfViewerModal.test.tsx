import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfViewerModal } from './PdfViewerModal.tsx';

afterEach(() => vi.unstubAllGlobals());

function show(path: string | null) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <PdfViewerModal path={path} title="保密協議.pdf" onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
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
});
