import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../shared/api/index.ts';
import { CaseFilters } from './components/CaseFilters.tsx';
import { parseCaseListParams } from './hooks/useCaseListParams.ts';

/** A phone-sized window for useIsMobile (the setup's matchMedia answers "desktop"). */
function phoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderFilters(search: string) {
  vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <CaseFilters params={parseCaseListParams(new URLSearchParams(search))} onChange={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('case filters', () => {
  it('show every filter on a wide screen', () => {
    renderFilters('');
    expect(screen.getByLabelText('搜尋公司名稱、來源或概述')).toBeTruthy();
    expect(screen.getByLabelText('輪次')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /篩選/ })).toBeNull();
  });

  it('fold behind a button on a phone, which counts the active filters', () => {
    phoneWidth();
    renderFilters('round=Seed&currency=USD');
    expect(screen.getByLabelText('搜尋公司名稱、來源或概述')).toBeTruthy();
    expect(screen.queryByLabelText('輪次')).toBeNull();
    const toggle = screen.getByRole('button', { name: /篩選/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('2')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('輪次')).toBeTruthy();
  });
});
