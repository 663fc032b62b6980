import type { ReportTable } from './reportTable.ts';

/** What a figure is: how tooltips and axes write it. */
export type ValueKind = 'count' | 'money' | 'percent' | 'days';

export interface ChartSeries {
  label: string;
  data: (number | null)[];
  kind: ValueKind;
  /** For money: the one currency of the series (amounts are never added across currencies). */
  currency?: string;
  /** One colour, or one per category (bars by stage, doughnut slices). */
  color: string | string[];
  /** A second value axis on the right (an amount beside a count). */
  secondAxis?: boolean;
}

/**
 * A chart as the report describes it, before Chart.js: categories, series, where a click on an
 * element leads (the filtered list), and the table of the data behind it (view and downloads).
 */
export interface ChartSpec {
  kind: 'bar' | 'doughnut' | 'line';
  labels: string[];
  series: ChartSeries[];
  horizontal?: boolean;
  stacked?: boolean;
  /** The filtered list an element opens: category `index` of series `seriesIndex`; null for none. */
  hrefAt?: (index: number, seriesIndex: number) => string | null;
  /** An extra tooltip line for an element (a conversion's 9 / 20). */
  noteAt?: (index: number, seriesIndex: number) => string | null;
  table: ReportTable;
  /** The link of each table row (its first cell), when rows are things a list can show. */
  rowHrefs?: (string | null)[];
}

/** Nothing to draw: no category, or every figure zero or missing. */
export function isEmptyChart(spec: ChartSpec): boolean {
  return spec.labels.length === 0 || spec.series.every((s) => s.data.every((v) => !v));
}

/** Categorical colours, distinguishable on white; the firm's gold first. */
export const PALETTE = [
  '#b88f48',
  '#1677ff',
  '#13a8a8',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#2f54eb',
  '#a0d911',
  '#cf1322',
] as const;
const GREY = '#8c8c8c';
const LIGHT_GREY = '#bfbfbf';

export function paletteColor(index: number): string {
  return PALETTE[index % PALETTE.length] as string;
}

/** One colour per stage, the same in every chart: draft light grey, drop grey, the path in palette order. */
export function stageColor(stage: string, order: readonly string[]): string {
  if (stage === 'drop') return GREY;
  if (stage === 'draft') return LIGHT_GREY;
  const path = order.filter((s) => s !== 'drop' && s !== 'draft');
  const i = path.indexOf(stage);
  return paletteColor(i < 0 ? path.length : i);
}
