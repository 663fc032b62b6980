import {
  type ClientStageStats,
  type ClientSummary,
  CONTACT_STAGES,
  type ContactStage,
  clientStagesVisibleTo,
  contactMoveTargets,
  type StaffUser,
  staffCan,
} from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import type { BoardItems } from '../../../shared/board/boardData.ts';
import { columnSums } from '../../../shared/board/columnSums.ts';
import { PipelineBoard } from '../../../shared/board/PipelineBoard.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { type ClientFilterQuery, clientColumnSource } from '../api/clientListApi.ts';
import { useClientMove } from '../hooks/useClientMove.tsx';
import { ClientCardBody } from './ClientCardBody.tsx';

/** How the board reads a client; a client is picked up only by someone who may move it somewhere. */
export function clientBoardItems(user: StaffUser): BoardItems<ClientSummary, ContactStage> {
  return {
    idOf: (item) => item.id,
    nameOf: (item) => item.name,
    stageOf: (item) => item.process_status,
    canDrag: (item) =>
      !user.reviewer &&
      !item.is_deleted &&
      staffCan(user.role, 'clients.write') &&
      contactMoveTargets(user.role, item.process_status).length > 0,
    renderCard: (item) => <ClientCardBody item={item} />,
    dataAttribute: 'data-client-id',
  };
}

/**
 * The columns of this user's board: the stages they work, plus any stage their moves may hand a
 * client over to (sa: p5), shown as a drop-only strip since its clients are not theirs to see.
 */
export function clientBoardColumns(user: StaffUser): { columns: ContactStage[]; dropOnly: ContactStage[] } {
  const visible = clientStagesVisibleTo(user.role);
  const handover = new Set(
    visible.flatMap((from) => contactMoveTargets(user.role, from)).filter((s) => !visible.includes(s)),
  );
  return {
    columns: CONTACT_STAGES.filter((s) => visible.includes(s) || handover.has(s)),
    dropOnly: CONTACT_STAGES.filter((s) => handover.has(s)),
  };
}

/** A client as it reads once moved: a dropped client remembers where it came from. */
export function movedClient(item: ClientSummary, to: ContactStage): ClientSummary {
  return {
    ...item,
    process_status: to,
    dropped_from: to === 'drop' ? item.process_status : null,
    stage_entered_at: new Date().toISOString(),
  };
}

const FOLDABLE: readonly ContactStage[] = ['drop'];

/**
 * The contact pipeline p0 … p6 and drop on the shared board: only the stages this user works,
 * counts and the total check size per column, moves by drag and drop (pointer or keyboard).
 */
export function ClientBoard({
  user,
  stats,
  filters,
}: {
  user: StaffUser;
  stats: ClientStageStats | undefined;
  filters: ClientFilterQuery;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { requestMove, movingId, modal } = useClientMove();
  const { columns, dropOnly } = clientBoardColumns(user);
  const counts = stats ? Object.fromEntries(columns.map((s) => [s, stats[s]?.count ?? 0])) : undefined;
  const sum = (stage: ContactStage) => columnSums(stats?.[stage]?.check_size);

  return (
    <>
      <PipelineBoard<ClientSummary, ContactStage>
        columns={columns}
        dropOnly={dropOnly}
        foldable={FOLDABLE}
        foldedKey="dealflow.clientBoard.folded"
        stageName={(stage) => label('contactStage', stage)}
        counts={counts}
        columnSum={sum}
        column={(stage) => clientColumnSource(stage, filters)}
        items={clientBoardItems(user)}
        targets={(item) => contactMoveTargets(user.role, item.process_status)}
        moved={movedClient}
        onMove={(item, to, optimistic) =>
          requestMove({ id: item.id, name: item.name, process_status: item.process_status }, to, optimistic)
        }
        movingId={movingId}
        texts={{
          label: t('clientList.board.label'),
          empty: t('clientList.board.emptyColumn'),
          expand: (stage, count) => t('clientList.board.expand', { stage, count }),
          dropOnly: (stage) => t('clientList.board.handover', { stage }),
        }}
      />
      {modal}
    </>
  );
}
