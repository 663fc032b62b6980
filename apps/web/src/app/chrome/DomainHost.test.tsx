import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index.ts';
import { DomainHost } from './DomainHost.tsx';

afterEach(() => vi.restoreAllMocks());

function settings(enabled: boolean) {
  vi.spyOn(api, 'get').mockResolvedValue({
    data: {
      domain_redirect: {
        enabled,
        dashboard_host: 'dash.example.com',
        investor_host: 'invest.example.com',
      },
      tag_manager_id: null,
      report_time_zone: 'Asia/Taipei',
    },
  });
}

function renderAt(path: string, go: (url: string) => void) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <DomainHost go={go} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('DomainHost', () => {
  it('loads a dashboard page from the dashboard host when the redirect is on', async () => {
    settings(true);
    const go = vi.fn();
    renderAt('/dashboard/manager/3?tab=todo#top', go);
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(go).toHaveBeenCalledWith('http://dash.example.com/dashboard/manager/3?tab=todo#top');
  });

  it('leaves pages that live on any host, and everything when the redirect is off', async () => {
    settings(true);
    const go = vi.fn();
    renderAt('/login', go);
    settings(false);
    renderAt('/investor/cases/s1', go);
    await new Promise((r) => setTimeout(r, 50));
    expect(go).not.toHaveBeenCalled();
  });
});
