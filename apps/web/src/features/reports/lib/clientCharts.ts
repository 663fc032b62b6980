import {
  type ClientBreakdown,
  CONTACT_STAGES,
  type ContactStage,
  type MembershipTier,
} from '@dealflow/domain';
import { label } from '../../../shared/i18n/label.ts';
import { type ChartSpec, paletteColor, stageColor } from './chartSpec.ts';
import { amountCells, amountColumns, currenciesOf, slicesOf, t } from './common.ts';
import { clientListHref } from './links.ts';
import type { CellValue } from './reportTable.ts';

type ClientDimension = 'tier' | 'domain' | 'owner';

export function clientGroupName(
  dimension: ClientDimension,
  group: { key: string; name: string | null },
  domainLabel: (key: string) => string,
): string {
  if (dimension === 'tier') return label('membership', group.key);
  if (group.key === '') return t(`report.none.${dimension}`);
  if (dimension === 'domain') return domainLabel(group.key);
  return group.name ?? `#${group.key}`;
}

function clientGroupHref(
  dimension: ClientDimension,
  key: string | null,
  stage?: ContactStage,
): string | null {
  if (!key) return null;
  if (dimension === 'tier')
    return clientListHref({ membership: key as MembershipTier, process_status: stage });
  if (dimension === 'domain') return clientListHref({ domain: key, process_status: stage });
  return clientListHref({ employee_id: key, process_status: stage });
}

/** Every group with its count, its count per contact stage and its check size per currency. */
function clientGroupTable(
  dimension: ClientDimension,
  answer: ClientBreakdown,
  domainLabel: (key: string) => string,
) {
  const currencies = currenciesOf(answer.result.map((g) => g.check_size));
  return {
    table: {
      columns: [
        { key: 'name', title: t(`report.columns.${dimension}`), kind: 'text' as const },
        { key: 'count', title: t('report.columns.clients'), kind: 'count' as const },
        ...answer.stages.map((s) => ({ key: s, title: label('contactStage', s), kind: 'count' as const })),
        ...amountColumns(currencies, (currency) => t('report.columns.checkSize', { currency })),
      ],
      rows: answer.result.map(
        (g): Record<string, CellValue> => ({
          name: clientGroupName(dimension, g, domainLabel),
          count: g.count,
          ...Object.fromEntries(answer.stages.map((s) => [s, g.stages[s] ?? 0])),
          ...amountCells(currencies, g.check_size),
        }),
      ),
    },
    rowHrefs: answer.result.map((g) => clientGroupHref(dimension, g.key)),
  };
}

/** Investors by membership tier or by domain (doughnut): a slice opens the client list filtered to it. */
export function clientDoughnut(
  dimension: 'tier' | 'domain',
  answer: ClientBreakdown,
  domainLabel: (key: string) => string,
): ChartSpec {
  const slices = slicesOf(answer.result, (g) => clientGroupName(dimension, g, domainLabel));
  return {
    kind: 'doughnut',
    labels: slices.map((s) => s.label),
    series: [
      {
        label: t('report.series.clients'),
        data: slices.map((s) => s.count),
        kind: 'count',
        color: slices.map((s, i) => (s.key === null ? '#bfbfbf' : paletteColor(i))),
      },
    ],
    hrefAt: (i) => clientGroupHref(dimension, slices[i]?.key ?? null),
    ...clientGroupTable(dimension, answer, domainLabel),
  };
}

/** Investors per owner (bars stacked by contact stage): a segment opens that owner's clients at that stage. */
export function clientOwnerChart(answer: ClientBreakdown): ChartSpec {
  const groups = answer.result;
  const stages = answer.stages;
  return {
    kind: 'bar',
    stacked: true,
    labels: groups.map((g) => clientGroupName('owner', g, (k) => k)),
    series: stages.map((s) => ({
      label: label('contactStage', s),
      data: groups.map((g) => g.stages[s] ?? 0),
      kind: 'count' as const,
      color: stageColor(s, CONTACT_STAGES),
    })),
    hrefAt: (i, si) => clientGroupHref('owner', groups[i]?.key ?? null, stages[si]),
    ...clientGroupTable('owner', answer, (k) => k),
  };
}

/**
 * Investors by contact stage now (bar), summed over the membership tiers (each client has one
 * tier, so every client counts once). A bar opens the client list at that stage.
 */
export function clientStageChart(byTier: ClientBreakdown): ChartSpec {
  const stages = byTier.stages;
  const counts = stages.map((s) => byTier.result.reduce((sum, g) => sum + (g.stages[s] ?? 0), 0));
  return {
    kind: 'bar',
    labels: stages.map((s) => label('contactStage', s)),
    series: [
      {
        label: t('report.series.clients'),
        data: counts,
        kind: 'count',
        color: stages.map((s) => stageColor(s, CONTACT_STAGES)),
      },
    ],
    hrefAt: (i) => clientListHref({ process_status: stages[i] }),
    table: {
      columns: [
        { key: 'stage', title: t('report.columns.stage'), kind: 'text' },
        { key: 'count', title: t('report.columns.clients'), kind: 'count' },
      ],
      rows: stages.map((s, i) => ({ stage: label('contactStage', s), count: counts[i] ?? 0 })),
    },
    rowHrefs: stages.map((s) => clientListHref({ process_status: s })),
  };
}
