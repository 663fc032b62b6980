import { DeleteOutlined, HistoryOutlined, MoreOutlined } from '@ant-design/icons';
import { type Case, CASE_STAGES, type CaseStage, allowedTargets } from '@dealflow/domain';
import { Button, Dropdown, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { useDeleteCase } from '../api/casesApi.ts';
import { useStageMove } from '../hooks/useStageMove.tsx';
import { NewApplicationTag } from '../../registration/components/NewApplicationTag.tsx';
import { TakeOnApplicationButton } from '../../registration/components/TakeOnApplicationButton.tsx';
import { StageTag } from './StageTag.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * Name, people and the stage, shown once: the stage selector (same rules as the board) for an
 * editor, a tag for a reader. 歷程 is one click away; deleting sits in the 更多 menu.
 */
export function CaseHeader({
  kase,
  editable,
  onHistory,
}: {
  kase: Case;
  editable: boolean;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const remove = useDeleteCase();
  const move = useStageMove();
  const allowed = allowedTargets({ status: kase.status, droppedFrom: kase.dropped_from });

  function confirmDelete() {
    modal.confirm({
      title: t('cases.manager.deleteTitle', { name: kase.name }),
      content: t('cases.manager.deleteBody'),
      okText: t('cases.manager.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(kase.id);
          message.success(t('cases.manager.deleted', { name: kase.name }));
          navigate('/dashboard?status=all');
        } catch (error) {
          message.error(errorContent(error));
        }
      },
    });
  }

  return (
    <header className="case-header">
      <div>
        <div className="case-header__title">
          <Typography.Title level={3} id="page-title">
            {kase.name}
          </Typography.Title>
          {!editable && <StageTag stage={kase.status} />}
          <NewApplicationTag pending={kase.application_status === 'pending' && kase.status === 'draft'} />
        </div>
        <div className="case-header__people">
          <span>{t('cases.manager.aoLine', { name: kase.ao?.name ?? t('cases.manager.noAo') })}</span>
          {kase.agents.length > 0 && (
            <span>{t('cases.manager.agentsLine', { names: kase.agents.map((a) => a.name).join(', ') })}</span>
          )}
        </div>
      </div>
      <div className="case-header__actions">
        <TakeOnApplicationButton kase={kase} />
        {editable && (
          <Select<CaseStage>
            className="case-header__stage"
            aria-label={t('cases.move.stageSelect')}
            value={kase.status}
            loading={move.movingId === kase.id}
            onChange={(to) =>
              move.requestMove(
                { id: kase.id, name: kase.name, status: kase.status, droppedFrom: kase.dropped_from },
                to,
              )
            }
            options={CASE_STAGES.map((stage) => ({
              value: stage,
              label:
                stage === kase.status || allowed.includes(stage)
                  ? t(`caseStages.${stage}`)
                  : `${t(`caseStages.${stage}`)}（${t('board.noDrop')}）`,
            }))}
          />
        )}
        <Button icon={<HistoryOutlined aria-hidden />} onClick={onHistory}>
          {t('cases.manager.tab.history')}
        </Button>
        {editable && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'delete',
                  danger: true,
                  icon: <DeleteOutlined aria-hidden />,
                  label: t('cases.manager.delete'),
                  onClick: confirmDelete,
                },
              ],
            }}
          >
            <Button icon={<MoreOutlined aria-hidden />} aria-label={t('forms.case.more')}>
              {t('forms.more')}
            </Button>
          </Dropdown>
        )}
      </div>
      {move.modal}
    </header>
  );
}
