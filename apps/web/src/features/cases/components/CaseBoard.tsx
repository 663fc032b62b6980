import {
  allowedTargets,
  type CaseStage,
  type CaseStageStats,
  type CaseSummary,
  canEditCase,
  PIPELINE_COLUMNS,
  type StaffUser,
} from '@dealflow/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BoardItems } from '../../../shared/board/boardData.ts';
import { moveCardInCache } from '../../../shared/board/boardData.ts';
import { columnSums } from '../../../shared/board/columnSums.ts';
import { PipelineBoard } from '../../../shared/board/PipelineBoard.tsx';
import { type CaseFilterQuery, caseColumnSource, caseKeys } from '../api/casesApi.ts';
import { useStageMove } from '../hooks/useStageMove.tsx';
import { CaseCardBody } from './CaseCardBody.tsx';

/** A case as it reads once moved: a dropped card remembers where it came from until restored. */
export function movedCase(item: CaseSummary, to: CaseStage): CaseSummary {
  return {
    ...item,
    status: to,
    dropped_from: to === 'drop' ? item.status : null,
    stage_entered_at: new Date().toISOString(),
  };
}

/** Moves a case card between two column caches; returns how to put both back. */
export function moveCaseInCache(
  queryClient: QueryClient,
  filters: CaseFilterQuery,
  item: CaseSummary,
  to: CaseStage,
): () => void {
  return moveCardInCache(
    queryClient,
    caseKeys.board(item.status, filters),
    caseKeys.board(to, filters),
    item.id,
    (c: CaseSummary) => c.id,
    movedCase(item, to),
  );
}

/** How the board reads a case; only cases the user may edit can be picked up. */
export function caseBoardItems(user: StaffUser): BoardItems<CaseSummary, CaseStage> {
  return {
    idOf: (item) => item.id,
    nameOf: (item) => item.name,
    stageOf: (item) => item.status,
    canDrag: (item) =>
      !user.reviewer &&
      !item.is_deleted &&
      canEditCase(user, { aoId: item.ao?.id ?? null, agentIds: item.agent_ids }),
    renderCard: (item) => <CaseCardBody item={item} />,
    dataAttribute: 'data-case-id',
  };
}

/** Stages that may fold to a slim strip (folded by default). */
const FOLDABLE: readonly CaseStage[] = ['finish', 'drop'];

/**
 * The case pipeline on the shared board: a column per case stage, the moves the stage rules
 * allow, a reason asked for backward moves and archiving, a refusal explained.
 */
export function CaseBoard({
  user,
  stats,
  filters,
}: {
  user: StaffUser;
  stats: CaseStageStats | undefined;
  filters: CaseFilterQuery;
}) {
  const { t } = useTranslation();
  const { requestMove, movingId, modal } = useStageMove();

  const items = caseBoardItems(user);
  const counts = stats
    ? Object.fromEntries(PIPELINE_COLUMNS.map((s) => [s, stats[s]?.count ?? 0]))
    : undefined;

  return (
    <>
      <PipelineBoard<CaseSummary, CaseStage>
        columns={PIPELINE_COLUMNS}
        foldable={FOLDABLE}
        foldedKey="dealflow.board.folded"
        phoneStart="s0"
        stageName={(stage) => t(`caseStages.${stage}`)}
        counts={counts}
        columnSum={(stage) => columnSums(stats?.[stage]?.fund_raising)}
        column={(stage) => caseColumnSource(stage, filters)}
        items={items}
        targets={(item) => allowedTargets({ status: item.status, droppedFrom: item.dropped_from })}
        moved={movedCase}
        onMove={(item, to, optimistic) =>
          requestMove(
            { id: item.id, name: item.name, status: item.status, droppedFrom: item.dropped_from },
            to,
            optimistic,
          )
        }
        movingId={movingId}
        texts={{
          label: t('cases.board.label'),
          empty: t('cases.board.emptyColumn'),
          expand: (stage, count) => t('board.column.expand', { stage, count }),
        }}
      />
      {modal}
    </>
  );
}
