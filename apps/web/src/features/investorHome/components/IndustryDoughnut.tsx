import { formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { usePrefersReducedMotion } from '../../../shared/hooks/usePrefersReducedMotion.ts';
import '../../reports/lib/chartSetup.ts';
import { paletteColor } from '../../reports/lib/chartSpec.ts';

export interface IndustrySlice {
  label: string;
  value: number;
}

/**
 * The doughnut of one currency's initial investment by industry. Loaded on its own (React.lazy
 * from the portfolio card) with the report's Chart.js registration, so Chart.js is fetched only
 * when the investor home draws a chart.
 */
export function IndustryDoughnut({
  slices,
  currency,
  label,
}: {
  slices: IndustrySlice[];
  currency: string;
  label: string;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const data = useMemo(
    () => ({
      labels: slices.map((s) => s.label),
      datasets: [
        {
          data: slices.map((s) => s.value),
          backgroundColor: slices.map((_, i) => paletteColor(i)),
          borderColor: '#ffffff',
          borderWidth: 2,
        },
      ],
    }),
    [slices],
  );
  const options = useMemo(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      cutout: '60%',
      animation: reducedMotion ? (false as const) : undefined,
      plugins: {
        legend: { position: 'bottom' as const, labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item: { label: string; raw: unknown }) =>
              `${item.label}: ${formatMoney(Number(item.raw), currency)}`,
          },
        },
      },
    }),
    [currency, reducedMotion],
  );
  return (
    <div className="investor-home__chart">
      <Doughnut data={data} options={options} role="img" aria-label={label} />
      <ul className="visually-hidden">
        {slices.map((s) => (
          <li key={s.label}>
            {s.label}: {formatMoneyCompact(s.value, currency)}
          </li>
        ))}
      </ul>
    </div>
  );
}
