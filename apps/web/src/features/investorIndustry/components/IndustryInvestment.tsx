import { formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useDomainLabel } from '../../reports/hooks/useDomainLabel.ts';
import { useInvestorId } from '../../investorHome/api/investorHomeApi.ts';
import { useMyRoles } from '../api/investorIndustryApi.ts';
import { type IndustryInvestment as Row, investmentByIndustry } from '../lib/industryStats.ts';
import { LoadState } from './LoadState.tsx';

// Chart.js comes with the bars only: the rest of the investor area never loads it.
const InvestmentBar = lazy(() => import('./InvestmentBar.tsx').then((m) => ({ default: m.InvestmentBar })));

const FIGURES = ['initial', 'holdings', 'refunded'] as const satisfies readonly (keyof Row)[];

/**
 * `/investor/industry/investment`: the investor's own money by industry (a case's first domain
 * key), per currency: what went in, what the holdings are worth, what came back.
 */
export function IndustryInvestment() {
  const { t } = useTranslation();
  const label = useLabel();
  const domainLabel = useDomainLabel();
  const clientId = useInvestorId();
  const roles = useMyRoles(clientId);

  return (
    <LoadState queries={[roles]}>
      {() => {
        const groups = investmentByIndustry(roles.data ?? []);
        if (groups.length === 0)
          return (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('investorIndustry.investment.empty')}
            />
          );
        const industryName = (key: string | null) =>
          key === null ? t('investorIndustry.unclassified') : domainLabel(key);
        return (
          <div className="iindustry-stack">
            {groups.map(({ currency, rows }) => {
              const name = label('currency', currency);
              const total = (f: (typeof FIGURES)[number]) => rows.reduce((sum, r) => sum + r[f], 0);
              return (
                <Card
                  key={currency}
                  size="small"
                  title={t('investorIndustry.investment.currency', { currency: name })}
                  className="iindustry-section"
                >
                  <div className="iindustry-figures">
                    {FIGURES.map((f) => (
                      <Statistic
                        key={f}
                        title={t(`investorIndustry.figures.${f}`)}
                        value={total(f)}
                        formatter={(v) => (
                          <span title={formatMoney(Number(v), currency)}>
                            {formatMoneyCompact(Number(v), currency)}
                          </span>
                        )}
                      />
                    ))}
                  </div>
                  <Suspense
                    fallback={
                      <Skeleton.Node active className="iindustry-chart">
                        <span className="visually-hidden">
                          {t('investorIndustry.investment.chartLoading')}
                        </span>
                      </Skeleton.Node>
                    }
                  >
                    <InvestmentBar
                      industries={rows.map((r) => industryName(r.industry))}
                      series={FIGURES.map((f) => ({
                        label: t(`investorIndustry.figures.${f}`),
                        values: rows.map((r) => r[f]),
                      }))}
                      currency={currency}
                      label={t('investorIndustry.investment.chartLabel', { currency: name })}
                    />
                  </Suspense>
                  <ul className="iindustry-rows">
                    {rows.map((r) => (
                      <li key={r.industry ?? ''} className="iindustry-row">
                        <div className="iindustry-row__head">
                          <Typography.Text strong>{industryName(r.industry)}</Typography.Text>
                          <span className="iindustry-label">
                            {t('investorIndustry.cases', { count: r.cases })}
                          </span>
                        </div>
                        <dl className="iindustry-row__figures">
                          {FIGURES.map((f) => (
                            <div key={f}>
                              <dt>{t(`investorIndustry.figures.${f}`)}</dt>
                              <dd title={formatMoney(r[f], currency)}>
                                {formatMoneyCompact(r[f], currency)}
                              </dd>
                            </div>
                          ))}
                        </dl>
                      </li>
                    ))}
                  </ul>
                </Card>
              );
            })}
          </div>
        );
      }}
    </LoadState>
  );
}
