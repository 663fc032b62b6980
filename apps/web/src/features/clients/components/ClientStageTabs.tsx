import type { ClientStageStats, ContactStage } from '@dealflow/domain';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../../shared/i18n/label.ts';

/**
 * Contact-stage tabs with counts under the current filters, only the stages this user works
 * (clientStagesVisibleTo); `all` is every one of them.
 */
export function ClientStageTabs({
  stages,
  stage,
  stats,
  onChange,
}: {
  stages: readonly ContactStage[];
  stage: ContactStage | undefined;
  stats: ClientStageStats | undefined;
  onChange: (stage: ContactStage | undefined) => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const count = (s: ContactStage) => stats?.[s]?.count;
  const total = stats ? stages.reduce((n, s) => n + (stats[s]?.count ?? 0), 0) : undefined;
  const withCount = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  return (
    <Tabs
      className="client-stage-tabs"
      aria-label={t('clientList.tabsLabel')}
      activeKey={stage && stages.includes(stage) ? stage : 'all'}
      onChange={(key) => onChange(key === 'all' ? undefined : (key as ContactStage))}
      items={[
        { key: 'all', label: withCount(t('common.all'), total) },
        ...stages.map((s) => ({ key: s, label: withCount(label('contactStage', s), count(s)) })),
      ]}
    />
  );
}
