import { type CaseSummaryReport, formatMoney, formatMoneyCompact, formatNumber } from '@dealflow/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesOf } from '../lib/common.ts';
import { CardStatus, type LoadState } from './ChartCard.tsx';

/** Amounts per currency, one line each, compact (萬 / 億) with the full figure as a tooltip. */
function Amounts({ sums }: { sums: Record<string, number> }) {
  const { t } = useTranslation();
  const currencies = currenciesOf([sums]);
  if (currencies.length === 0)
    return <span className="report-stat__muted">{t('report.summary.noAmount')}</span>;
  return (
    <>
      {currencies.map((c) => (
        <span key={c} className="report-stat__amount" title={formatMoney(sums[c], c)}>
          {formatMoneyCompact(sums[c], c)}
        </span>
      ))}
    </>
  );
}

function Stat({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  testId: string;
}) {
  return (
    <div className="report-stat" data-testid={testId}>
      <div className="report-stat__label">{label}</div>
      <div className="report-stat__value">{value}</div>
      {sub && <div className="report-stat__sub">{sub}</div>}
    </div>
  );
}

/** The case report's summary row: in progress, raising in total, funded and dropped this year. */
export function SummaryRow({ state, summary }: { state: LoadState; summary: CaseSummaryReport | undefined }) {
  const { t } = useTranslation();
  if (!summary || state.error || state.loading)
    return (
      <div className="report-stats report-stats--status">
        <CardStatus state={state} />
      </div>
    );
  const year = summary.year;
  return (
    <div className="report-stats">
      <Stat
        testId="stat-in-progress"
        label={t('report.summary.inProgress')}
        value={formatNumber(summary.in_progress)}
      />
      <Stat
        testId="stat-raising"
        label={t('report.summary.raising')}
        value={<Amounts sums={summary.raising} />}
      />
      <Stat
        testId="stat-funded"
        label={t('report.summary.fundedThisYear', { year })}
        value={t('report.summary.cases', { count: summary.funded_this_year.count })}
        sub={<Amounts sums={summary.funded_this_year.funding} />}
      />
      <Stat
        testId="stat-dropped"
        label={t('report.summary.droppedThisYear', { year })}
        value={t('report.summary.cases', { count: summary.dropped_this_year.count })}
      />
    </div>
  );
}
