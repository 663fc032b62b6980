import { formatMoney, formatMoneyCompact } from '@dealflow/domain';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { usePrefersReducedMotion } from '../../../shared/hooks/usePrefersReducedMotion.ts';
import '../../reports/lib/chartSetup.ts';
import { paletteColor } from '../../reports/lib/chartSpec.ts';

export interface InvestmentSeries {
  label: string;
  values: number[];
}

/**
 * One currency's money by industry as horizontal bars (one series per figure). Loaded on its own
 * (React.lazy) with the report's Chart.js registration, so Chart.js comes only with this chart.
 */
export function InvestmentBar({
  industries,
  series,
  currency,
  label,
}: {
  industries: string[];
  series: InvestmentSeries[];
  currency: string;
  label: string;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const data = useMemo(
    () => ({
      labels: industries,
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.values,
        backgroundColor: paletteColor(i),
        borderRadius: 3,
      })),
    }),
    [industries, series],
  );
  const options = useMemo(
    () => ({
      indexAxis: 'y' as const,
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? (false as const) : undefined,
      scales: {
        x: {
          ticks: {
            maxTicksLimit: 4,
            maxRotation: 0,
            callback: (value: string | number) => formatMoneyCompact(Number(value), currency),
          },
        },
      },
      plugins: {
        legend: { position: 'bottom' as const, labels: { boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          callbacks: {
            label: (item: { dataset: { label?: string }; raw: unknown }) =>
              `${item.dataset.label ?? ''}: ${formatMoney(Number(item.raw), currency)}`,
          },
        },
      },
    }),
    [currency, reducedMotion],
  );
  // Room for each industry's group of bars, plus the legend.
  const height = 80 + industries.length * 22 * Math.max(1, series.length);
  return (
    <div className="iindustry-chart" style={{ height }}>
      <Bar data={data} options={options} role="img" aria-label={label} />
    </div>
  );
}
