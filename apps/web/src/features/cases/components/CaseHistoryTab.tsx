import {
  type Case,
  type CaseLogEntry,
  FUND_ROLE_LABELS,
  FUND_ROLES,
  type FundRole,
  formatDateTime,
} from '@dealflow/domain';
import { Alert, Button, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/index.ts';
import { casesZhTW } from '../../../shared/i18n/cases.zh-TW.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { useCaseLog, useFullCaseLog, useStaffDirectory } from '../api/casesApi.ts';
import { type ChangeLine, changeLines, valueText } from '../lib/historyText.ts';
import { computeTimeInStage, durationParts } from '../lib/timeInStage.ts';

type ActionKey = keyof typeof casesZhTW.history.action;
type FieldKey = keyof typeof casesZhTW.history.field;
type TermKey = keyof typeof casesZhTW.termSheet;
type PlanKey = keyof typeof casesZhTW.businessPlan;
const isFundRole = (v: unknown): v is FundRole => (FUND_ROLES as readonly unknown[]).includes(v);
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
  const directory = useStaffDirectory();
  const staffName = (id: unknown) => directory.data?.find((e) => e.id === id)?.name;

  const fieldLabel = (field: string): string => {
    const [head = '', sub] = field.split('.');
    if (sub && head === 'term_sheet' && has(casesZhTW.termSheet, sub))
      return `${t('cases.history.field.term_sheet')}・${t(`cases.termSheet.${sub as Exclude<TermKey, 'visibility'>}`)}`;
    if (sub && head === 'business_plan' && has(casesZhTW.businessPlan, sub))
      return `${t('cases.history.field.business_plan')}・${t(`cases.businessPlan.${sub as PlanKey}`)}`;
    if (sub && head === 'fund_info' && isFundRole(sub))
      return `${t('cases.history.field.fund_info')}・${FUND_ROLE_LABELS[sub][currentLanguage()]}`;
    return has(casesZhTW.history.field, head) ? t(`cases.history.field.${head as FieldKey}`) : field;
  };
  const words = {
    none: t('common.none'),
    yes: t('cases.history.yes'),
    no: t('cases.history.no'),
    stage: (s: Case['status']) => t(`caseStages.${s}`),
  };
  const show = (line: ChangeLine, value: unknown) => {
    if (line.field === 'role' && isFundRole(value)) return FUND_ROLE_LABELS[value][currentLanguage()];
    if (line.field === 'ao_id' || line.field.endsWith('assignee_id'))
      return staffName(value) ?? valueText(value, words);
    if (line.field === 'agent_ids' && Array.isArray(value))
      return value.map((id) => staffName(id) ?? String(id)).join('、') || words.none;
    return valueText(value, words);
  };

  const entries: CaseLogEntry[] = log.data?.pages.flatMap((p) => p.result) ?? [];
  if (log.isPending) return <Spin />;
  if (log.isError)
    return (
      <Alert type="error" showIcon title={t('cases.items.loadError')} description={errorText(log.error)} />
    );

  return (
    <div className="case-history">
      <TimeInStage kase={kase} />
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cases.history.empty')} />
      ) : (
        <Timeline
          items={entries.map((entry) => {
            const lines = changeLines(entry);
            const action = has(casesZhTW.history.action, entry.action)
              ? t(`cases.history.action.${entry.action as ActionKey}`)
              : entry.action;
            const created = entry.action.endsWith('.create') || entry.action === 'create';
            return {
              key: entry.id,
              color: entry.action === 'stage' ? 'gold' : entry.action.endsWith('delete') ? 'red' : 'gray',
              content: (
                <div className="history-entry" data-action={entry.action}>
                  <time className="history-entry__time" dateTime={entry.created_at}>
                    {formatDateTime(entry.created_at)}
                  </time>
                  <Typography.Text strong>{entry.actor.name ?? t('cases.history.system')}</Typography.Text>{' '}
                  {action}
                  <ul className="history-change">
                    {lines.map((line) => (
                      <li key={line.field}>
                        {fieldLabel(line.field)}：
                        {created || line.from === null ? (
                          show(line, line.to)
                        ) : (
                          <>
                            <del>{show(line, line.from)}</del> → {show(line, line.to)}
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                  {entry.reason && (
                    <Typography.Text type="secondary">
                      {t('cases.history.reason', { reason: entry.reason })}
                    </Typography.Text>
                  )}
                </div>
              ),
            };
          })}
        />
      )}
      {log.hasNextPage && (
        <Button loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('cases.history.loadMore')}
        </Button>
      )}
    </div>
  );
}
