import type { CaseSummary } from '@dealflow/domain';
import { DndContext } from '@dnd-kit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../shared/api/index.ts';
import { BoardColumn } from '../../shared/board/BoardColumn.tsx';
import { ReasonModal } from '../../shared/board/ReasonModal.tsx';
import { staffUser } from '../../test/fakes.ts';
import { type CaseFilterQuery, caseColumnSource, caseKeys } from './api/casesApi.ts';
import { caseBoardItems, moveCaseInCache } from './components/CaseBoard.tsx';
import { useStageMove } from './hooks/useStageMove.tsx';
import { FeedbackProvider } from '../../shared/feedback/index.tsx';

const filters: CaseFilterQuery = {};

function summary(overrides: Partial<CaseSummary>): CaseSummary {
  return {
    id: 7,
    name: '測試公司',
    status: 's1',
    dropped_from: null,
    ao: { id: 2, name: '林怡君' },
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
    ...overrides,
  };
}

function seedColumns(
  queryClient: QueryClient,
  columns: Partial<Record<CaseSummary['status'], CaseSummary[]>>,
) {
  for (const [stage, rows] of Object.entries(columns)) {
    queryClient.setQueryData(caseKeys.board(stage as CaseSummary['status'], filters), {
      pages: [{ result: rows, count: rows.length }],
      pageParams: [1],
    });
  }
}

/** Two board columns and a way to drop the card on s3, as the board's onDragEnd does. */
function BoardHarness({ card }: { card: CaseSummary }) {
  const { requestMove, modal } = useStageMove();
  return (
    <>
      <DndContext>
        {(['s1', 's3'] as const).map((stage) => (
          <BoardColumn
            key={stage}
            stage={stage}
            stageName={stage}
            count={0}
            sum=""
            source={caseColumnSource(stage, filters)}
            items={caseBoardItems(staffUser('admin'))}
            texts={{ empty: '沒有案件', expand: () => '' }}
            dropState="idle"
            movingId={null}
          />
        ))}
      </DndContext>
      <button
        type="button"
        onClick={() =>
          requestMove({ id: card.id, name: card.name, status: card.status, droppedFrom: null }, 's3', () =>
            moveCaseInCache(queryClientRef.current, filters, card, 's3'),
          )
        }
      >
        drop on s3
      </button>
      {modal}
    </>
  );
}

const queryClientRef: { current: QueryClient } = { current: new QueryClient() };

function wrap(children: ReactNode, queryClient: QueryClient) {
  return (
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <FeedbackProvider>{children}</FeedbackProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

// jsdom has no ResizeObserver; antd's text areas measure themselves with one.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('board refusal', () => {
  it('snaps the card back to its column and lists what each stage on the way needs', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClientRef.current = queryClient;
    const card = summary({});
    seedColumns(queryClient, { s1: [card], s3: [] });
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    let reject: (error: unknown) => void = () => {};
    const put = vi.spyOn(api, 'put').mockImplementation(
      () =>
        new Promise((_, r) => {
          reject = r;
        }),
    );

    render(wrap(<BoardHarness card={card} />, queryClient));
    const column = (stage: string) => document.querySelector(`[data-stage="${stage}"]`) as HTMLElement;
    expect(within(column('s1')).getByText('測試公司')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'drop on s3' }));
    // Optimistic: the card is in s3 while the server thinks.
    await waitFor(() => expect(within(column('s3')).queryByText('測試公司')).toBeTruthy());
    expect(within(column('s1')).queryByText('測試公司')).toBeNull();
    expect(put).toHaveBeenCalledWith('/api/internal/v1/cases/7', { status: 's3' });

    await act(async () => {
      reject(
        new ApiError({
          status: 409,
          body: {
            error: {
              status: 409,
              code: 'STAGE_MOVE_NOT_ALLOWED',
              message: 'Stage move not allowed',
              details: {
                from: 's1',
                to: 's3',
                missing: ['term_sheet.total_amount', 'term_sheet.type_of_security'],
              },
            },
          },
        }),
      );
    });

    // Snapped back, and told why.
    await waitFor(() => expect(within(column('s1')).queryByText('測試公司')).toBeTruthy());
    expect(within(column('s3')).queryByText('測試公司')).toBeNull();
    const refusal = await screen.findByTestId('stage-refusal');
    expect(refusal.textContent).toContain('案件一次只能往前移動一個階段。');
    expect(refusal.textContent).toContain('在投資條件書填寫總金額（大於 0）');
    expect(refusal.textContent).toContain('在投資條件書填寫證券類型');
    expect(document.body.textContent).toContain('無法將「測試公司」移至 S3 認購配額');
  });

  it('asks for a reason before moving a card back and sends it', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClientRef.current = queryClient;
    const card = summary({ status: 's3' });
    seedColumns(queryClient, { s1: [], s3: [card] });
    vi.spyOn(api, 'get').mockImplementation(() => new Promise(() => {}));
    const put = vi.spyOn(api, 'put').mockResolvedValue({ data: { ...card, status: 's1' } });

    function BackHarness() {
      const { requestMove, modal } = useStageMove();
      return (
        <>
          <button
            type="button"
            onClick={() => requestMove({ id: 7, name: card.name, status: 's3', droppedFrom: null }, 's1')}
          >
            move back
          </button>
          {modal}
        </>
      );
    }
    render(wrap(<BackHarness />, queryClient));
    fireEvent.click(screen.getByRole('button', { name: 'move back' }));
    const reason = await screen.findByLabelText('原因');
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(reason, { target: { value: '  條件需重談  ' } });
    fireEvent.click(screen.getByRole('button', { name: '確認移動' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/internal/v1/cases/7', { status: 's1', reason: '條件需重談' }),
    );
  });
});

describe('reason modal', () => {
  it('requires a reason and hands over the trimmed text', async () => {
    const onSubmit = vi.fn();
    render(
      wrap(
        <ReasonModal
          open
          title="移動至 封存"
          name="測試公司"
          hint="封存案件需要說明原因，會記錄在歷程中。"
          onSubmit={onSubmit}
          onCancel={() => {}}
        />,
        new QueryClient(),
      ),
    );
    expect(screen.getByText('封存案件需要說明原因，會記錄在歷程中。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '確認移動' }));
    expect(await screen.findByText('請填寫原因')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('原因'), { target: { value: '  團隊解散 ' } });
    fireEvent.click(screen.getByRole('button', { name: '確認移動' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('團隊解散'));
  });
});
