import { CASE_STAGE_PATH, type CaseStage } from '@dealflow/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../shared/board/ReasonModal.tsx';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { caseKeys, invalidateCases, updateCase } from '../api/casesApi.ts';
import { moveNeedsReason, requirementTexts, type StageRefusal, stageRefusal } from '../lib/stageMove.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** What a move needs to know about the case. */
export interface MovableCase {
  id: number;
  name: string;
  status: CaseStage;
  droppedFrom: CaseStage | null;
}

/** Applies a move on screen before the server answers; returns how to take it back. */
export type OptimisticApply = () => () => void;

interface PendingReason {
  kase: MovableCase;
  to: CaseStage;
  optimistic?: OptimisticApply;
}

const pathIndex = (s: CaseStage) => (CASE_STAGE_PATH as readonly CaseStage[]).indexOf(s);

/** The sentence that opens a refusal, by its code. */
export function refusalLead(refusal: StageRefusal, from: CaseStage, to: CaseStage) {
  switch (refusal.code) {
    case 'STAGE_MOVE_NOT_ALLOWED':
      return from !== 'drop' && pathIndex(to) > pathIndex(from) + 1
        ? ('cases.move.oneStage' as const)
        : ('cases.move.notAllowed' as const);
    case 'STAGE_REASON_REQUIRED':
      return 'cases.move.reasonMissing' as const;
    case 'FORBIDDEN':
      return 'cases.move.forbidden' as const;
    case 'STAGE_REQUIREMENTS_MISSING':
      return null;
  }
}

/**
 * One way to move a case for the board and the case page: backward moves and archiving ask for a
 * reason first; a refusal is taken back on screen and explained, listing each missing requirement
 * in the current language.
 */
export function useStageMove(): {
  requestMove: (kase: MovableCase, to: CaseStage, optimistic?: OptimisticApply) => void;
  movingId: number | null;
  modal: ReactNode;
} {
  const { t } = useTranslation();
  const { notification, message } = useFeedback();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingReason | null>(null);
  const [movingId, setMovingId] = useState<number | null>(null);

  function showRefusal(kase: MovableCase, to: CaseStage, error: unknown) {
    const title = t('cases.move.refusedTitle', { name: kase.name, stage: t(`caseStages.${to}`) });
    const refusal = stageRefusal(error);
    if (!refusal) {
      notification.error({ title, description: errorContent(error), duration: 8 });
      return;
    }
    const lead = refusalLead(refusal, kase.status, to);
    const missing = requirementTexts(refusal.missing, currentLanguage());
    notification.error({
      title,
      duration: 0,
      description: (
        <div className="stage-refusal" data-testid="stage-refusal">
          {lead && <p>{t(lead)}</p>}
          {missing.length > 0 && (
            <>
              <p>{t('cases.move.missingIntro')}</p>
              <ul>
                {missing.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ),
    });
  }

  async function perform(kase: MovableCase, to: CaseStage, reason?: string, optimistic?: OptimisticApply) {
    const undo = optimistic?.();
    setMovingId(kase.id);
    try {
      const saved = await updateCase(kase.id, reason ? { status: to, reason } : { status: to });
      queryClient.setQueryData(caseKeys.detail(kase.id), saved);
      message.success(t('cases.board.moved', { name: kase.name, stage: t(`caseStages.${to}`) }));
    } catch (error) {
      undo?.();
      showRefusal(kase, to, error);
    } finally {
      setMovingId(null);
      void invalidateCases(queryClient);
    }
  }

  function requestMove(kase: MovableCase, to: CaseStage, optimistic?: OptimisticApply) {
    if (kase.status === to) return;
    if (moveNeedsReason(kase.status, to, kase.droppedFrom)) {
      setPending({ kase, to, optimistic });
      return;
    }
    void perform(kase, to, undefined, optimistic);
  }

  const to = pending?.to;
  const modal = (
    <ReasonModal
      open={pending !== null}
      title={t('cases.move.reasonTitle', { stage: to ? t(`caseStages.${to}`) : '' })}
      name={pending?.kase.name ?? ''}
      hint={to === 'drop' ? t('cases.move.reasonDrop') : t('cases.move.reasonBackward')}
      onCancel={() => setPending(null)}
      onSubmit={(reason) => {
        if (!pending) return;
        setPending(null);
        void perform(pending.kase, pending.to, reason, pending.optimistic);
      }}
    />
  );

  return { requestMove, movingId, modal };
}
