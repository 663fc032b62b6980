import { formatCompact, formatMoneyCompact, formatNumber } from '@dealflow/domain';
import type { ActiveElement, ChartData, ChartEvent, ChartOptions, TooltipItem } from 'chart.js';
import type { ChartSeries, ChartSpec, ValueKind } from './chartSpec.ts';
import { t } from './common.ts';

/** A figure as a tooltip or an axis writes it: amounts compact in 萬 / 億 with their currency. */
export function formatValue(kind: ValueKind, value: number | null, currency?: string): string {
  if (value === null || value === undefined) return t('report.analytics.noRate');
  switch (kind) {
    case 'money':
      return formatMoneyCompact(value, currency ?? 'NTD');
    case 'percent':
      return `${formatNumber(value)}%`;
    case 'days':
      return t('report.units.days', { value: formatNumber(value) });
    default:
      return formatNumber(value);
  }
}

function axisTick(kind: ValueKind, currency?: string) {
  return (value: number | string) => {
    const n = Number(value);
    if (kind === 'money') return formatMoneyCompact(n, currency ?? 'NTD');
    if (kind === 'percent') return `${n}%`;
    return formatCompact(n);
  };
}

export interface ChartConfigOptions {
  mobile: boolean;
  reducedMotion: boolean;
  language: string;
  /** Opens a list: called with the link of a clicked element. */
  navigate: (href: string) => void;
}

type AnyData = ChartData<'bar' | 'doughnut' | 'line', (number | null)[], string>;
type AnyOptions = ChartOptions<'bar' | 'doughnut' | 'line'>;

function dataset(spec: ChartSpec, s: ChartSeries) {
  const horizontal = Boolean(spec.horizontal);
  if (spec.kind === 'doughnut')
    return { label: s.label, data: s.data, backgroundColor: s.color, borderColor: '#ffffff', borderWidth: 2 };
  if (spec.kind === 'line') {
    const many = spec.labels.length > 45;
    const color = Array.isArray(s.color) ? (s.color[0] ?? '#b88f48') : s.color;
    return {
      label: s.label,
      data: s.data,
      yAxisID: 'value',
      borderColor: color,
      backgroundColor: color,
      borderWidth: 2,
      pointRadius: many ? 0 : 2,
      pointHoverRadius: 4,
      tension: 0.2,
      spanGaps: false,
    };
  }
  const axis = s.secondAxis ? 'amount' : 'value';
  return {
    label: s.label,
    data: s.data,
    backgroundColor: s.color,
    borderRadius: 3,
    maxBarThickness: 44,
    ...(horizontal ? { xAxisID: axis } : { yAxisID: axis }),
  };
}

/** The Chart.js data of a spec. */
export function chartData(spec: ChartSpec): AnyData {
  return { labels: spec.labels, datasets: spec.series.map((s) => dataset(spec, s)) } as AnyData;
}

/** The link of the element a click landed on, if any. */
export function hrefOfElements(
  spec: ChartSpec,
  elements: readonly Pick<ActiveElement, 'index' | 'datasetIndex'>[],
) {
  const hit = elements[0];
  if (!hit || !spec.hrefAt) return null;
  return spec.hrefAt(hit.index, hit.datasetIndex);
}

/**
 * The Chart.js options of a spec: tooltips and legends in the UI language (figures through
 * formatValue), legends below on narrow screens, a click on a bar or slice opening its list.
 */
export function chartOptions(spec: ChartSpec, o: ChartConfigOptions): AnyOptions {
  const first = spec.series[0];
  const valueKind = spec.series.find((s) => !s.secondAxis)?.kind ?? 'count';
  const amount = spec.series.find((s) => s.secondAxis);
  const total = (first?.data ?? []).reduce<number>((sum, v) => sum + (v ?? 0), 0);
  const legendShown = spec.kind === 'doughnut' || spec.series.length > 1;

  const label = (item: TooltipItem<'bar' | 'doughnut' | 'line'>) => {
    const series = spec.series[item.datasetIndex];
    const value = typeof item.raw === 'number' ? item.raw : null;
    if (!series) return '';
    const text = formatValue(series.kind, value, series.currency);
    if (spec.kind === 'doughnut') {
      const share = total > 0 && value !== null ? formatNumber(Math.round((value / total) * 1000) / 10) : '0';
      return ` ${item.label}：${t('report.tooltip.share', { value: text, percent: share })}`;
    }
    return ` ${series.label}：${text}`;
  };

  const valueAxis = {
    beginAtZero: true,
    stacked: Boolean(spec.stacked),
    ticks: {
      callback: axisTick(valueKind, first?.currency),
      precision: valueKind === 'count' ? 0 : undefined,
    },
    ...(valueKind === 'percent' ? { max: 100 } : {}),
  };
  const categoryAxis = {
    stacked: Boolean(spec.stacked),
    grid: { display: false },
    ticks:
      spec.kind === 'line'
        ? {
            autoSkip: true,
            maxRotation: 0,
            // Days are written MM-DD on the axis; the tooltip gives the whole date.
            callback(this: { getLabelForValue: (v: number) => string }, v: number | string) {
              return this.getLabelForValue(Number(v)).slice(5);
            },
          }
        : { autoSkip: spec.labels.length > 12, maxRotation: 45 },
  };
  const scales =
    spec.kind === 'doughnut'
      ? undefined
      : spec.horizontal
        ? { value: { ...valueAxis, axis: 'x' as const, position: 'bottom' as const }, y: categoryAxis }
        : {
            x: categoryAxis,
            value: { ...valueAxis, axis: 'y' as const, position: 'left' as const },
            ...(amount
              ? {
                  amount: {
                    axis: 'y' as const,
                    position: 'right' as const,
                    beginAtZero: true,
                    grid: { drawOnChartArea: false },
                    ticks: { callback: axisTick('money', amount.currency) },
                  },
                }
              : {}),
          };

  return {
    responsive: true,
    maintainAspectRatio: false,
    locale: o.language,
    animation: o.reducedMotion ? false : { duration: 400 },
    indexAxis: spec.horizontal ? 'y' : 'x',
    interaction:
      spec.kind === 'line' ? { mode: 'index', intersect: false } : { mode: 'nearest', intersect: true },
    ...(spec.kind === 'doughnut' ? { cutout: '55%' } : {}),
    scales,
    plugins: {
      legend: {
        display: legendShown,
        position: spec.kind === 'doughnut' && !o.mobile ? 'right' : 'bottom',
        labels: { boxWidth: 12, boxHeight: 12, usePointStyle: spec.kind === 'line' },
      },
      tooltip: {
        callbacks: {
          label,
          afterLabel: (item) => spec.noteAt?.(item.dataIndex, item.datasetIndex) ?? '',
        },
      },
    },
    onClick: (_event: ChartEvent, elements: ActiveElement[]) => {
      const href = hrefOfElements(spec, elements);
      if (href) o.navigate(href);
    },
    onHover: (event: ChartEvent, elements: ActiveElement[]) => {
      const target = event.native?.target as HTMLElement | undefined;
      if (target) target.style.cursor = hrefOfElements(spec, elements) ? 'pointer' : 'default';
    },
  } as AnyOptions;
}
