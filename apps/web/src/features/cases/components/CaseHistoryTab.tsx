import type { Case, CaseLogEntry } from '@dealflow/domain';
import { Alert, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { HistoryTimeline, type HistoryText } from '../../../shared/components/HistoryTimeline.tsx';
import { casesZhTW } from '../../../shared/i18n/cases.zh-TW.ts';
import { useCaseLog, useFullCaseLog } from '../api/casesApi.ts';
import { useChangeText } from '../hooks/useChangeText.ts';
import { changeLines } from '../lib/historyText.ts';
import { computeTimeInStage, durationParts } from '../lib/timeInStage.ts';

type ActionKey = keyof typeof casesZhTW.history.action;
const has = <T extends object>(o: T, k: string): k is Extract<keyof T, string> => Object.hasOwn(o, k);

/** 各階段停留時間: from the stage moves of the whole history. */
function TimeInStage({ kase }: { kase: Case }) {
  const { t } = useTranslation();
  const log = useFullCaseLog(kase.id);
  if (!log.data) return null;
  const stays = computeTimeInStage({
    createdAt: kase.created_at,
    currentStatus: kase.status,
    entries: log.data,
    now: new Date(),
  });
  return (
    <section aria-labelledby="time-in-stage">
      <Typography.Title level={5} id="time-in-stage">
        {t('cases.history.timeInStage')}
      </Typography.Title>
      <div className="stage-stays">
        {stays.map((stay) => {
          const d = durationParts(stay.ms);
          const amount =
            d.unit === 'days'
              ? t('cases.history.days', { count: d.count })
              : d.unit === 'hours'
                ? t('cases.history.hours', { count: d.count })
                : t('cases.history.lessThanHour');
          return (
            <Tag key={stay.stage} color={stay.current ? 'gold' : 'default'} className="stage-stay">
              {t(`caseStages.${stay.stage}`)}：{amount}
              {stay.current ? `（${t('cases.history.current')}）` : ''}
            </Tag>
          );
        })}
      </div>
    </section>
  );
}

/** 歷程: who, when, what changed (old → new) and why, 20 entries a page. */
export function CaseHistoryTab({ kase }: { kase: Case }) {
  const { t } = useTranslation();
  const log = useCaseLog(kase.id);
  const { fieldLabel, show } = useChangeText();

  const entries: CaseLogEntry[] = log.data?.pages.flatMap((p) => p.result) ?? [];
  if (log.isPending) return <Spin />;
  if (log.isError)
    return (
      <Alert type="error" showIcon title={t('cases.items.loadError')} description={errorContent(log.error)} />
    );

  const text: HistoryText<CaseLogEntry> = {
    action: (entry) =>
      has(casesZhTW.history.action, entry.action)
        ? t(`cases.history.action.${entry.action as ActionKey}`)
        : entry.action,
    lines: changeLines,
    fieldLabel,
    show: (field, value, entry) => show(field, value, entry.client_names),
    created: (entry) => entry.action.endsWith('.create') || entry.action === 'create',
    color: (entry) => (entry.action === 'stage' ? 'gold' : entry.action.endsWith('delete') ? 'red' : 'gray'),
  };

  return (
    <div className="case-history">
      <TimeInStage kase={kase} />
      <HistoryTimeline
        entries={entries}
        text={text}
        emptyText={t('cases.history.empty')}
        hasMore={log.hasNextPage}
        loadingMore={log.isFetchingNextPage}
        onLoadMore={() => void log.fetchNextPage()}
      />
    </div>
  );
}
