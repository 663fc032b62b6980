import { formatMoneyCompact } from '@dealflow/domain';

/**
 * A column's amounts, one per currency (never added across currencies), NT$ first (the firm's
 * currency), compact (萬 / 億): `NT$500萬 · US$2萬`.
 */
export function columnSums(sums: Record<string, number> | undefined): string {
  if (!sums) return '';
  return Object.entries(sums)
    .filter(([, v]) => v > 0)
    .sort(([a], [b]) => (a === 'NTD' ? -1 : b === 'NTD' ? 1 : a.localeCompare(b)))
    .map(([currency, v]) => formatMoneyCompact(v, currency))
    .join(' · ');
}
