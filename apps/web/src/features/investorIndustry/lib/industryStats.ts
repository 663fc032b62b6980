import type { CaseStage, ClientRole, InvestorCaseFacet } from '@dealflow/domain';

/**
 * The sums behind the investor's industry pages (issue 13). A case has no industry of its own:
 * its domain keys stand for it (a case counts under each of its keys), and for money the case's
 * first domain key decides, as the server's portfolio by industry does (decision 0031). The sums
 * read the server's facets (`me/cases/industries`: cases counted by domain keys, stage and
 * currency), never the cases one by one.
 */

/** A domain key as an industry: `id` is its 1-based place in the static key list. */
export interface IndustryKey {
  id: number;
  key: string;
  label: string;
}

export function industryKeysOf(options: readonly { value: string; label: string }[]): IndustryKey[] {
  return options.map((o, i) => ({ id: i + 1, key: o.value, label: o.label }));
}

/** Amounts per currency, in the order the currencies were first met (NTD first when present). */
export type Amounts = { currency: string; amount: number }[];

function addTo(amounts: Amounts, currency: string, amount: number) {
  const row = amounts.find((a) => a.currency === currency);
  if (row) row.amount += amount;
  else amounts.push({ currency, amount });
}

const ntdFirst = (a: { currency: string }, b: { currency: string }) =>
  Number(a.currency !== 'NTD') - Number(b.currency !== 'NTD');

export interface IndustrySummary extends IndustryKey {
  cases: number;
  /** What the industry's cases are raising, per currency (cases without the figure add nothing). */
  raising: Amounts;
  stages: Partial<Record<CaseStage, number>>;
}

/**
 * The industries that have at least one of the given cases, in the static list's order, with
 * their count, amount raising per currency and count per stage.
 */
export function summarizeIndustries(
  facets: readonly InvestorCaseFacet[],
  keys: readonly IndustryKey[],
): IndustrySummary[] {
  const byKey = new Map<string, IndustrySummary>(
    keys.map((k) => [k.key, { ...k, cases: 0, raising: [], stages: {} }]),
  );
  for (const f of facets) {
    for (const key of new Set(f.domain_keys)) {
      const s = byKey.get(key);
      if (!s) continue;
      s.cases += f.cases;
      s.stages[f.status] = (s.stages[f.status] ?? 0) + f.cases;
      if (f.fund_raising !== null) addTo(s.raising, f.currency, f.fund_raising);
    }
  }
  return [...byKey.values()]
    .filter((s) => s.cases > 0)
    .map((s) => ({ ...s, raising: s.raising.sort(ntdFirst) }));
}

/** Cases with no domain key the static list knows: counted apart, as unclassified. */
export function unclassifiedCount(
  facets: readonly InvestorCaseFacet[],
  keys: readonly IndustryKey[],
): number {
  const known = new Set(keys.map((k) => k.key));
  return facets.filter((f) => !f.domain_keys.some((k) => known.has(k))).reduce((sum, f) => sum + f.cases, 0);
}

/** How many cases the facets count in all. */
export const caseCount = (facets: readonly InvestorCaseFacet[]) =>
  facets.reduce((sum, f) => sum + f.cases, 0);

/** Per stage, one industry's cases: how many and what they raise per currency. */
export function stageBreakdown(facets: readonly InvestorCaseFacet[], key: string) {
  const rows = new Map<CaseStage, { stage: CaseStage; cases: number; raising: Amounts }>();
  for (const f of facets) {
    if (!f.domain_keys.includes(key)) continue;
    const row = rows.get(f.status) ?? { stage: f.status, cases: 0, raising: [] };
    row.cases += f.cases;
    if (f.fund_raising !== null) addTo(row.raising, f.currency, f.fund_raising);
    rows.set(f.status, row);
  }
  return [...rows.values()];
}

export interface IndustryInvestment {
  /** The case's first domain key; null for a case without one. */
  industry: string | null;
  cases: number;
  initial: number;
  holdings: number;
  refunded: number;
}

/**
 * The investor's money per currency and industry, from their roles: what went in, what the
 * holdings are worth, what came back. Roles with none of the three are left out (an observer).
 */
export function investmentByIndustry(
  roles: readonly ClientRole[],
): { currency: string; rows: IndustryInvestment[] }[] {
  const out = new Map<string, Map<string | null, IndustryInvestment & { ids: Set<number> }>>();
  for (const r of roles) {
    if (r.invest_money === null && r.holdings_value === null && r.refunded_money === null) continue;
    const currency = r.case.currency;
    const industry = r.case.domain_keys[0] ?? null;
    const perIndustry = out.get(currency) ?? new Map();
    out.set(currency, perIndustry);
    const row = perIndustry.get(industry) ?? {
      industry,
      cases: 0,
      initial: 0,
      holdings: 0,
      refunded: 0,
      ids: new Set<number>(),
    };
    row.ids.add(r.case_id);
    row.cases = row.ids.size;
    row.initial += r.invest_money ?? 0;
    row.holdings += r.holdings_value ?? 0;
    row.refunded += r.refunded_money ?? 0;
    perIndustry.set(industry, row);
  }
  return [...out.entries()]
    .map(([currency, m]) => ({
      currency,
      rows: [...m.values()]
        .map(({ ids: _ids, ...row }) => row)
        .sort((a, b) => (a.industry === null ? 1 : b.industry === null ? -1 : b.initial - a.initial)),
    }))
    .sort(ntdFirst);
}
