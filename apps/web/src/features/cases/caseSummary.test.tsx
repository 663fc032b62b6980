import { type CaseBrief, type StaffRole, tokenKey } from '@dealflow/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../auth/session/index.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { type Call, list, one, serve } from '../../test/serve.ts';
import { CaseSummaryLink } from './components/CaseSummaryDrawer.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const brief: CaseBrief = {
  id: 9,
  name: '綠能科技',
  status: 's2',
  round: 'Pre-A',
  currency: 'USD',
  pre_money: 8_000_000,
  fund_raising: 2_000_000,
  funding: null,
  overview: '太陽能儲能系統',
  domain_keys: [],
  term_sheet: {
    total_amount: 1_000_000,
    loi: '意向書內容',
    presentationFile: { file_id: 5, name: '募資簡報.pdf', path: '/api/v1/files/5/content' },
    medias: [
      { file_id: 6, name: '產品照片', path: '/api/v1/files/6/content' },
      { name: '可疑連結', url: 'javascript:alert(1)' },
    ],
  },
  roles: [{ role: 'lead_angel', clients: [{ id: 3, name: '周美玲' }] }],
  rating_ao_score: 4,
  rating_ao_by: { id: 2, name: '林怡君' },
  rating_ir_score: null,
  rating_ir_by: null,
};

const RATING = '/api/internal/v1/cases/9/rating';

/** The summary, which a PUT of the rating changes (the server names who rated); every call is kept. */
function serveSummary() {
  let current = brief;
  return serve({
    'GET /api/internal/v1/cases/9/summary': () => one(current),
    [`PUT ${RATING}`]: (body) => {
      current = { ...current, ...(body as Partial<CaseBrief>), rating_ir_by: { id: 1, name: 'Staff ir' } };
      return one(current);
    },
    'GET /static_api/v1/staticKey/domain': list([]),
  });
}

/** The bodies of the rating PUTs, in order. */
const puts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === RATING).map((c) => c.body);

async function renderLink(role: StaffRole) {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store, queryClient } = makeStore(fakeAuthApi({ saved: staffUser(role) }));
  await store.start();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <MemoryRouter>
          <FeedbackProvider>
            <CaseSummaryLink caseId={9} name="綠能科技" />
          </FeedbackProvider>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /綠能科技/ }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('太陽能儲能系統');
  return drawer;
}

/** The stars of one rating, found by the rating's name. */
const stars = (drawer: HTMLElement, name: string) => within(drawer).getByRole('list', { name });

afterEach(() => vi.unstubAllGlobals());

describe('case summary drawer', { timeout: 30_000 }, () => {
  it('shows the summary read-only: amounts in the case currency, investor-visible terms, roles by name', async () => {
    serveSummary();
    const drawer = await renderLink('sa');
    expect(within(drawer).getByText('US$2,000,000')).toBeTruthy();
    expect(within(drawer).getByText('意向書內容')).toBeTruthy();
    expect(within(drawer).getByText('周美玲')).toBeTruthy();
    expect(within(drawer).getByText('由 林怡君 評分')).toBeTruthy();
    expect(within(drawer).queryByRole('textbox')).toBeNull();
  });

  it('lets ir set the IR rating by clicking a star', async () => {
    const calls = serveSummary();
    const drawer = await renderLink('ir');
    const ir = stars(drawer, '投資人關係評分');
    expect(ir.className).not.toContain('ant-rate-disabled');
    const fourth = within(ir).getAllByRole('radio')[3];
    fireEvent.click(fourth as HTMLElement);
    await waitFor(() => expect(puts(calls)).toEqual([{ rating_ir_score: 4 }]));
    expect(await within(drawer).findByText('由 Staff ir 評分')).toBeTruthy();
    // The AO score is the case team's: ir see it but do not set it.
    expect(stars(drawer, '客戶經理評分').className).toContain('ant-rate-disabled');
  });

  it('gives sa no rating control: both ratings are shown, neither can be set', async () => {
    const calls = serveSummary();
    const drawer = await renderLink('sa');
    const ir = stars(drawer, '投資人關係評分');
    expect(ir.className).toContain('ant-rate-disabled');
    const fourth = within(ir).getAllByRole('radio')[3];
    fireEvent.click(fourth as HTMLElement);
    expect(puts(calls)).toEqual([]);
    expect(within(drawer).queryByText('1 到 5 分；再點一次同一顆星可清除。')).toBeNull();
  });
});

describe('the term sheet files in the summary', () => {
  it('shows stored files as rows to preview and download, and an unsafe link as text', async () => {
    serveSummary();
    const drawer = await renderLink('ir');
    expect(within(drawer).getByRole('button', { name: '預覽「募資簡報.pdf」' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '下載「募資簡報.pdf」' })).toBeTruthy();
    // An image is downloaded, not opened in the PDF viewer; nothing here can be removed.
    expect(within(drawer).getByRole('button', { name: '下載「產品照片」' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '預覽「產品照片」' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /移除/ })).toBeNull();
    expect(within(drawer).getByText('可疑連結').closest('a')).toBeNull();
    // Role queries over the whole drawer are slow in jsdom on a busy machine.
  }, 30_000);
});
