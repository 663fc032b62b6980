import { type Client, formatMoney, formatMoneyCompact, type PortfolioValue } from '@dealflow/domain';
import { Card, Empty, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useClientPortfolio } from '../api/clientRecordsApi.ts';

const FIGURES = [
  ['initial_investment', 'initial'],
  ['holdings_value', 'holdings'],
  ['refunded_investment', 'refunded'],
  ['realized_unrealized_value', 'realized'],
] as const satisfies ReadonlyArray<readonly [keyof PortfolioValue, string]>;

/**
 * 投資組合價值 (SPEC section 3 "Portfolio value"): per currency of the client's cases, what went
 * in, what the holdings are worth, what came back, and those two together. Figures compact
 * (萬 / 億), the full amount on hover; computed by the server from the client's roles.
 */
export function ClientPortfolioCard({ client }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const portfolio = useClientPortfolio(client.id);
  const rows = portfolio.data ?? [];

  return (
    <Card size="small" title={t('clientRecords.portfolio.title')} className="client-portfolio">
      {portfolio.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {portfolio.isError && <ErrorAlert error={portfolio.error} title={t('clientRecords.loadError')} />}
      {portfolio.isSuccess && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('clientRecords.portfolio.empty')} />
      )}
      {rows.map((row) => (
        <section
          key={row.currency}
          className="client-portfolio__currency"
          aria-label={label('currency', row.currency)}
        >
          <Typography.Text type="secondary" className="client-portfolio__heading">
            {t('clientRecords.portfolio.currency', { currency: label('currency', row.currency) })}
            {' · '}
            {t('clientRecords.portfolio.cases', { count: row.cases })}
          </Typography.Text>
          <div className="client-portfolio__figures">
            {FIGURES.map(([field, key]) => (
              <Statistic
                key={field}
                title={t(`clientRecords.portfolio.${key}`)}
                value={row[field]}
                formatter={(value) => (
                  <span title={formatMoney(Number(value), row.currency)}>
                    {formatMoneyCompact(Number(value), row.currency)}
                  </span>
                )}
              />
            ))}
          </div>
        </section>
      ))}
    </Card>
  );
}
