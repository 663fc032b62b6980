import { i18n } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import type { ChartSeries } from './chartSpec.ts';
import type { CellValue, TableColumn } from './reportTable.ts';

export const t = i18n.t.bind(i18n);

/** The currencies in some per-currency sums, NT$ first (the firm's currency), then by code. */
export function currenciesOf(sums: readonly Record<string, number>[]): string[] {
  const all = new Set<string>();
  for (const s of sums) for (const [c, v] of Object.entries(s)) if (v) all.add(c);
  return [...all].sort((a, b) => (a === 'NTD' ? -1 : b === 'NTD' ? 1 : a.localeCompare(b)));
}

/** A currency as a column or series names it: NT$, US$, or its label. */
export function currencyName(currency: string): string {
  if (currency === 'NTD' || currency === 'TWD') return 'NT$';
  if (currency === 'USD') return 'US$';
  return label('currency', currency);
}

/** One amount column per currency: `raising_NTD` titled 募資金額（NT$）. */
export function amountColumns(
  currencies: readonly string[],
  title: (currency: string) => string,
): TableColumn[] {
  return currencies.map((c) => ({
    key: `amount_${c}`,
    title: title(currencyName(c)),
    kind: 'money' as const,
    currency: c,
  }));
}

export function amountCells(currencies: readonly string[], sums: Record<string, number>) {
  return Object.fromEntries(currencies.map((c) => [`amount_${c}`, sums[c] ?? 0])) as Record<
    string,
    CellValue
  >;
}

/** The slices a doughnut draws: the largest groups, the rest as one 「其他」 slice without a link. */
export const MAX_SLICES = 8;

export interface Slice {
  key: string | null;
  label: string;
  count: number;
}

export function slicesOf<G extends { key: string; count: number }>(
  groups: readonly G[],
  name: (group: G) => string,
): Slice[] {
  const sorted = [...groups].filter((g) => g.count > 0).sort((a, b) => b.count - a.count);
  const shown: Slice[] = sorted
    .slice(0, MAX_SLICES)
    .map((g) => ({ key: g.key, label: name(g), count: g.count }));
  const rest = sorted.slice(MAX_SLICES).reduce((sum, g) => sum + g.count, 0);
  if (rest > 0) shown.push({ key: null, label: t('report.other'), count: rest });
  return shown;
}

export function countSeries(labelText: string, data: number[], color: string | string[]): ChartSeries {
  return { label: labelText, data, kind: 'count', color };
}

/** A rate (0…1) as a percentage with one decimal, null staying null. */
export function percent(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

/** Days with one decimal. */
export function days(value: number | null): number | null {
  return value === null ? null : Math.round(value * 10) / 10;
}
