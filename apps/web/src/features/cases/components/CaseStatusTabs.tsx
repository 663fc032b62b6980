import { type CaseStage, type CaseStageStats, PIPELINE_COLUMNS } from '@dealflow/domain';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/** Stage tabs with counts under the current filters; `all` is no stage filter. */
export function CaseStatusTabs({
  status,
  stats,
  onChange,
}: {
  status: CaseStage | undefined;
  stats: CaseStageStats | undefined;
  onChange: (status: CaseStage | undefined) => void;
}) {
  const { t } = useTranslation();
  const count = (stage: CaseStage) => stats?.[stage]?.count;
  const total = stats ? PIPELINE_COLUMNS.reduce((n, s) => n + (stats[s]?.count ?? 0), 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  return (
    <Tabs
      className="case-status-tabs"
      aria-label={t('cases.tabsLabel')}
      activeKey={status ?? 'all'}
      onChange={(key) => onChange(key === 'all' ? undefined : (key as CaseStage))}
      items={[
        { key: 'all', label: label(t('common.all'), total) },
        ...PIPELINE_COLUMNS.map((stage) => ({
          key: stage,
          label: label(t(`caseStages.${stage}`), count(stage)),
        })),
      ]}
    />
  );
}
