import {
  canSeeClient,
  type ContactStage,
  contactMoveNeedsReason,
  contactMoveTargets,
} from '@dealflow/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { label } from '../../../shared/i18n/label.ts';
import { useStaffUser } from '../../auth/session/index.ts';
import { clientPageKeys, invalidateClients, updateClient } from '../api/clientApi.ts';
import { ClientMoveModal } from '../components/ClientMoveModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** What a move needs to know about the client. */
export interface MovableClient {
  id: number;
  name: string;
  process_status: ContactStage;
}

/** Shows a move before the server answers (the board's card in its new column); returns how to undo it. */
export type OptimisticApply = () => () => void;

interface Pending {
  client: MovableClient;
  to: ContactStage;
  needsReason: boolean;
  handover: boolean;
  optimistic?: OptimisticApply;
}

/**
 * One way to move a client between contact stages, for the client page and the board: a drop, a
 * move back and a return from drop ask for a reason first; a move that takes the client out of the
 * mover's own stages (sa handing a p4 client to ir at p5) warns first, and then `onHandedOver`
 * runs (the page goes back to the list). The board passes `optimistic` to show the card in its new
 * column at once; a refusal puts it back.
 */
export function useClientMove(
  options: { onHandedOver?: (client: MovableClient, to: ContactStage) => void | Promise<void> } = {},
): {
  requestMove: (client: MovableClient, to: ContactStage, optimistic?: OptimisticApply) => void;
  movingId: number | null;
  modal: ReactNode;
} {
  const { t } = useTranslation();
  const { message, notification } = useFeedback();
  const queryClient = useQueryClient();
  const me = useStaffUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [movingId, setMovingId] = useState<number | null>(null);

  async function perform(
    client: MovableClient,
    to: ContactStage,
    handover: boolean,
    reason?: string,
    optimistic?: OptimisticApply,
  ) {
    const undo = optimistic?.();
    setMovingId(client.id);
    const stage = label('contactStage', to);
    try {
      const saved = await updateClient(
        client.id,
        reason ? { process_status: to, reason } : { process_status: to },
      );
      if (handover) {
        message.success(t('clientPage.move.handedOver', { name: client.name, stage }));
        // The record is no longer the mover's to see: it is dropped once the page has gone, not
        // refetched while still open (that would only be refused: 403 for its new stage).
        await options.onHandedOver?.(client, to);
        queryClient.removeQueries({ queryKey: clientPageKeys.detail(client.id) });
        await invalidateClients(queryClient);
        return;
      }
      queryClient.setQueryData(clientPageKeys.detail(client.id), saved);
      message.success(t('clientPage.move.moved', { name: client.name, stage }));
      await invalidateClients(queryClient);
    } catch (error) {
      undo?.();
      // The board's columns and counts come back as the server has them.
      void invalidateClients(queryClient);
      notification.error({
        title: t('clientPage.move.refused', { name: client.name, stage }),
        description: errorContent(error),
        duration: 8,
      });
    } finally {
      setMovingId(null);
    }
  }

  function requestMove(client: MovableClient, to: ContactStage, optimistic?: OptimisticApply) {
    if (client.process_status === to) return;
    const needsReason = contactMoveNeedsReason(client.process_status, to);
    // Only a move the rules allow is a hand-over; another is sent as is and the server says why not.
    const handover =
      !canSeeClient(me.role, to) && contactMoveTargets(me.role, client.process_status).includes(to);
    if (needsReason || handover) {
      setPending({ client, to, needsReason, handover, optimistic });
      return;
    }
    void perform(client, to, false, undefined, optimistic);
  }

  const modal = (
    <ClientMoveModal
      open={pending !== null}
      clientName={pending?.client.name ?? ''}
      to={pending?.to ?? null}
      needsReason={pending?.needsReason ?? false}
      handover={pending?.handover ?? false}
      onCancel={() => setPending(null)}
      onSubmit={(reason) => {
        if (!pending) return;
        setPending(null);
        void perform(pending.client, pending.to, pending.handover, reason, pending.optimistic);
      }}
    />
  );

  return { requestMove, movingId, modal };
}
