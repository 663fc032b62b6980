import { PieChartOutlined } from '@ant-design/icons';
import {
  formatMoney,
  formatMoneyCompact,
  type PortfolioIndustry,
  type PortfolioValue,
} from '@dealflow/domain';
import { Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useDomainLabel } from '../../reports/hooks/useDomainLabel.ts';
import { useInvestorId, usePortfolio, usePortfolioIndustries } from '../api/investorHomeApi.ts';
import type { IndustrySlice } from './IndustryDoughnut.tsx';

// Chart.js comes with the doughnut only: the rest of the investor area never loads it.
const IndustryDoughnut = lazy(() =>
  import('./IndustryDoughnut.tsx').then((m) => ({ default: m.IndustryDoughnut })),
);

const FIGURES = [
  ['initial_investment', 'initial'],
  ['holdings_value', 'holdings'],
  ['refunded_investment', 'refunded'],
  ['realized_unrealized_value', 'realized'],
] as const satisfies ReadonlyArray<readonly [keyof PortfolioValue, string]>;

/**
 * The investor's portfolio value per currency (what went in, what the holdings are worth, what
 * came back, those two together), compact in 萬 / 億 with the full amount on hover, and a
 * doughnut of the initial investment by industry.
 */
export function HomePortfolioCard() {
  const { t } = useTranslation();
  const label = useLabel();
  const domainLabel = useDomainLabel();
  const clientId = useInvestorId();
  const portfolio = usePortfolio(clientId);
  const industries = usePortfolioIndustries(clientId);
  const rows = portfolio.data ?? [];

  const slicesOf = (currency: string): IndustrySlice[] =>
    (industries.data ?? [])
      .filter((r: PortfolioIndustry) => r.currency === currency && r.initial_investment > 0)
      .map((r) => ({
        label: r.industry === null ? t('investorHome.portfolio.unclassified') : domainLabel(r.industry),
        value: r.initial_investment,
      }));

  return (
    <Card
      size="small"
      className="investor-home__card investor-home__card--wide"
      title={
        <span className="investor-home__card-title">
          <PieChartOutlined aria-hidden /> {t('investorHome.portfolio.title')}
        </span>
      }
    >
      {portfolio.isPending && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
      {portfolio.isError && <ErrorAlert error={portfolio.error} title={t('investorHome.loadError')} />}
      {portfolio.isSuccess && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('investorHome.portfolio.empty')} />
      )}
      {rows.map((row) => {
        const currency = label('currency', row.currency);
        const slices = slicesOf(row.currency);
        return (
          <section key={row.currency} className="investor-home__currency" aria-label={currency}>
            <Typography.Text type="secondary" className="investor-home__currency-heading">
              {t('investorHome.portfolio.currency', { currency })}
              {' · '}
              {t('investorHome.portfolio.cases', { count: row.cases })}
            </Typography.Text>
            <div className="investor-home__currency-body">
              <div className="investor-home__figures">
                {FIGURES.map(([field, key]) => (
                  <Statistic
                    key={field}
                    title={t(`investorHome.portfolio.${key}`)}
                    value={row[field]}
                    formatter={(value) => (
                      <span title={formatMoney(Number(value), row.currency)}>
                        {formatMoneyCompact(Number(value), row.currency)}
                      </span>
                    )}
                  />
                ))}
              </div>
              {slices.length > 0 && (
                <figure className="investor-home__industries">
                  <figcaption>
                    <Typography.Text type="secondary">
                      {t('investorHome.portfolio.byIndustry')}
                    </Typography.Text>
                  </figcaption>
                  <Suspense
                    fallback={
                      <Skeleton.Node active className="investor-home__chart">
                        <span className="visually-hidden">{t('investorHome.portfolio.chartLoading')}</span>
                      </Skeleton.Node>
                    }
                  >
                    <IndustryDoughnut
                      slices={slices}
                      currency={row.currency}
                      label={t('investorHome.portfolio.chartLabel', { currency })}
                    />
                  </Suspense>
                </figure>
              )}
            </div>
          </section>
        );
      })}
    </Card>
  );
}
