import {
  type CaseStageStats,
  type CaseSummary,
  type ClientSummary,
  type ContactStage,
  type StaffRole,
  tokenKey,
} from '@dealflow/domain';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../shared/api/index.ts';
import { moveCardInCache } from '../../shared/board/boardData.ts';
import { PipelineBoard } from '../../shared/board/PipelineBoard.tsx';
import { clientRow, stageStats } from '../../test/clientFakes.ts';
import { fakeAuthApi, makeStore, staffUser } from '../../test/fakes.ts';
import { SessionProvider, type SessionStore } from '../auth/session/index.ts';
import { caseKeys } from '../cases/api/casesApi.ts';
import { CaseBoard } from '../cases/components/CaseBoard.tsx';
import { type ClientFilterQuery, clientBookKeys } from './api/clientListApi.ts';
import { ClientBoard, movedClient } from './components/ClientBoard.tsx';
import { useClientMove } from './hooks/useClientMove.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

// Spied on, not replaced: both boards must go through this one component.
vi.mock('../../shared/board/PipelineBoard.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../shared/board/PipelineBoard.tsx')>();
  return { ...original, PipelineBoard: vi.fn(original.PipelineBoard) };
});

const filters: ClientFilterQuery = {};

function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

/** A signed-in staff member of `role` (the move asks the session who moves). */
async function signedIn(role: StaffRole, reviewer = false): Promise<SessionStore> {
  window.localStorage.setItem(tokenKey('dashboard'), 'Bearer saved');
  const { store } = makeStore(fakeAuthApi({ saved: staffUser(role, { id: 5, reviewer }) }));
  await store.start();
  return store;
}

function wrap(children: ReactNode, queryClient: QueryClient, store: SessionStore) {
  return (
    <SessionProvider store={store}>
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <FeedbackProvider>{children}</FeedbackProvider>
        </QueryClientProvider>
      </MemoryRouter>
    </SessionProvider>
  );
}

function seed(queryClient: QueryClient, key: readonly unknown[], rows: unknown[]) {
  queryClient.setQueryData(key, { pages: [{ result: rows, count: rows.length }], pageParams: [1] });
}

function caseCard(): CaseSummary {
  return {
    id: 7,
    name: '測試公司',
    status: 's1',
    dropped_from: null,
    ao: { id: 1, name: '林怡君' },
    currency: 'NTD',
    source: null,
    round: 'Seed',
    pre_money: null,
    fund_raising: 5_000_000,
    funding: null,
    domain_keys: [],
    rating_ao_score: null,
    rating_ir_score: null,
    application_status: null,
    is_deleted: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    agent_ids: [],
    stage_entered_at: '2026-01-01T00:00:00Z',
    next_todo: null,
  };
}

const columnsOf = () =>
  [...document.querySelectorAll('.pipeline-board > [data-stage]')].map((el) => el.getAttribute('data-stage'));

/** sa's, ir's… board with these clients in their columns, and whatever else is to be rendered beside it. */
async function renderClientBoard(
  role: StaffRole,
  rows: Partial<Record<ContactStage, ClientSummary[]>>,
  options: { reviewer?: boolean; beside?: ReactNode } = {},
) {
  const store = await signedIn(role, options.reviewer);
  const queryClient = newQueryClient();
  for (const [stage, list] of Object.entries(rows))
    seed(queryClient, clientBookKeys.board(stage as ContactStage, filters), list);
  render(
    wrap(
      <>
        <ClientBoard
          user={staffUser(role, { id: 5, reviewer: options.reviewer })}
          stats={stageStats({ p1: 1, p4: 4, p5: 2, drop: 3 })}
          filters={filters}
        />
        {options.beside}
      </>,
      queryClient,
      store,
    ),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(PipelineBoard).mockClear();
});

describe('one board for cases and clients', { timeout: 30_000 }, () => {
  it('renders the case pipeline and the contact pipeline with the same board component', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    const cases = newQueryClient();
    seed(cases, caseKeys.board('s1', {}), [caseCard()]);
    const caseStats = { s1: { count: 1, fund_raising: { NTD: 5_000_000 } } } as unknown as CaseStageStats;
    const first = render(
      wrap(
        <CaseBoard user={staffUser('admin')} stats={caseStats} filters={{}} />,
        cases,
        await signedIn('admin'),
      ),
    );
    expect(columnsOf()).toEqual(['draft', 's0', 's1', 's2', 's3', 's4', 'after_invest', 'finish', 'drop']);
    expect(document.querySelector('[data-stage="s1"] [data-case-id="7"]')).toBeTruthy();
    expect(document.querySelector('[data-stage="s1"] .board-column__sum')?.textContent).toBe('NT$500萬');
    first.unmount();

    await renderClientBoard('admin', { p4: [clientRow({ id: 41, process_status: 'p4' })] });
    expect(columnsOf()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'drop']);
    const p4 = document.querySelector('[data-stage="p4"]') as HTMLElement;
    expect(p4.querySelector('[data-client-id="41"]')).toBeTruthy();
    // The column head: the stage named, its count, and the total check size in NT$ (萬 / 億).
    expect(within(p4).getByRole('heading', { name: /P4 簽約/ })).toBeTruthy();
    expect(p4.querySelector('.board-column__sum')?.textContent).toBe('NT$400萬');
    expect(within(p4).getByRole('link', { name: '王小明' }).getAttribute('href')).toBe(
      '/dashboard/investor/41',
    );
    expect(within(p4).getByRole('button', { name: '拖曳「王小明」以移動階段' })).toBeTruthy();
    // The archive folds, as on the case board.
    expect(screen.getByTitle('展開「封存」（3 位）')).toBeTruthy();

    const boards = vi.mocked(PipelineBoard).mock.calls.map(([props]) => props.items.dataAttribute);
    expect(new Set(boards)).toEqual(new Set(['data-case-id', 'data-client-id']));
  });

  it('shows sa the stages they work and the hand-over to investor relations as a drop-only strip', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    await renderClientBoard('sa', { p4: [clientRow({ process_status: 'p4' })] });
    expect(columnsOf()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'drop']);
    const p5 = document.querySelector('[data-stage="p5"]') as HTMLElement;
    expect(p5.textContent).toBe('P5 執行・移交投資人關係');
    expect(p5.querySelector('[data-client-id]')).toBeNull();
  });

  it('shows ir p5, p6 and drop; a reviewer reads the board without drag handles', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    const rows = { p5: [clientRow({ process_status: 'p5' })] };
    await renderClientBoard('ir', rows);
    expect(columnsOf()).toEqual(['p5', 'p6', 'drop']);
    expect(screen.getByRole('button', { name: '拖曳「王小明」以移動階段' })).toBeTruthy();
    cleanup();
    await renderClientBoard('ir', rows, { reviewer: true });
    expect(screen.getByRole('link', { name: '王小明' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '拖曳「王小明」以移動階段' })).toBeNull();
  });
});

/** What the board does on a release: the move, with the card shown in its new column meanwhile. */
function MoveHarness({ card, to }: { card: ClientSummary; to: ContactStage }) {
  const { requestMove, modal } = useClientMove();
  const queryClient = useQueryClient();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          requestMove({ id: card.id, name: card.name, process_status: card.process_status }, to, () =>
            moveCardInCache(
              queryClient,
              clientBookKeys.board(card.process_status, filters),
              clientBookKeys.board(to, filters),
              card.id,
              (c: ClientSummary) => c.id,
              movedClient(card, to),
            ),
          )
        }
      >
        move
      </button>
      {modal}
    </>
  );
}

/** sa's board with one client in `from` and a button that drops it on `to`. */
async function renderMove(from: ContactStage, to: ContactStage) {
  const card = clientRow({ id: 41, process_status: from });
  await renderClientBoard(
    'sa',
    { [from]: [card], [to]: [] },
    { beside: <MoveHarness card={card} to={to} /> },
  );
  const column = (stage: ContactStage) => document.querySelector(`[data-stage="${stage}"]`) as HTMLElement;
  return { column };
}

describe('moving a client on the board', { timeout: 30_000 }, () => {
  it('warns sa that p4 → p5 hands the client to investor relations, then moves it', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: clientRow({ process_status: 'p5' }) });
    const { column } = await renderMove('p4', 'p5');
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('移交到「P5 執行」');
    expect(dialog.textContent).toContain('這位投資人會交由投資人關係團隊負責，您將無法再檢視或編輯');
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '確定移動' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/internal/v1/clients/41', { process_status: 'p5' }),
    );
    expect(await screen.findByText('已將「王小明」移到「P5 執行」，並移交投資人關係團隊')).toBeTruthy();
    expect(within(column('p4')).queryByText('王小明')).toBeNull();
  });

  it('asks why a client is archived and sends the reason', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: clientRow({ process_status: 'drop' }) });
    await renderMove('p2', 'drop');
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    expect(await screen.findByText('封存投資人需要說明原因，原因會記錄在歷程中。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: ' 暫無投資計畫 ' } });
    fireEvent.click(screen.getByRole('button', { name: '確定移動' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/internal/v1/clients/41', {
        process_status: 'drop',
        reason: '暫無投資計畫',
      }),
    );
  });

  it('shows the card in its new column at once and puts it back when the server refuses', async () => {
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    let reject: (error: unknown) => void = () => {};
    const put = vi.spyOn(api, 'put').mockImplementation(
      () =>
        new Promise((_, r) => {
          reject = r;
        }),
    );
    const { column } = await renderMove('p2', 'p3');
    fireEvent.click(screen.getByRole('button', { name: 'move' }));
    await waitFor(() => expect(within(column('p3')).queryByText('王小明')).toBeTruthy());
    expect(within(column('p2')).queryByText('王小明')).toBeNull();
    expect(put).toHaveBeenCalledWith('/api/internal/v1/clients/41', { process_status: 'p3' });
    await act(async () => {
      reject(
        new ApiError({
          status: 409,
          body: {
            error: {
              status: 409,
              code: 'CLIENT_MOVE_NOT_ALLOWED',
              message: 'This client cannot be moved to this contact stage',
            },
          },
        }),
      );
    });
    await waitFor(() => expect(within(column('p2')).queryByText('王小明')).toBeTruthy());
    expect(within(column('p3')).queryByText('王小明')).toBeNull();
    expect(await screen.findByText('無法將「王小明」移到「P3 提案」')).toBeTruthy();
  });
});
