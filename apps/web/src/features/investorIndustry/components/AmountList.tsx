import { formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import type { Amounts } from '../lib/industryStats.ts';

/** Amounts per currency, compact (萬 / 億) with the full figure on hover; a dash when there are none. */
export function AmountList({ amounts }: { amounts: Amounts }) {
  const { t } = useTranslation();
  if (amounts.length === 0) return <span>{t('investorIndustry.noAmount')}</span>;
  return (
    <span className="iindustry-amounts">
      {amounts.map((a) => (
        <strong key={a.currency} title={formatMoney(a.amount, a.currency)}>
          {formatMoneyCompact(a.amount, a.currency)}
        </strong>
      ))}
    </span>
  );
}
