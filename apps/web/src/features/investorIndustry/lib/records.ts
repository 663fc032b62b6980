import type { CaseStage, ClientRole, FundRole } from '@dealflow/domain';

/** The investor's record on one case: their roles there, summed. */
export interface CaseRecord {
  caseId: number;
  name: string;
  status: CaseStage;
  currency: string;
  roles: FundRole[];
  /** null when none of their roles there has the figure. */
  invested: number | null;
  holdings: number | null;
  refunded: number | null;
  /** When they took their first role on the case. */
  since: string;
}

const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/** One record per case from the investor's roles, the newest first. */
export function recordsOf(roles: readonly ClientRole[]): CaseRecord[] {
  const byCase = new Map<number, CaseRecord>();
  for (const r of roles) {
    const row = byCase.get(r.case_id);
    if (!row) {
      byCase.set(r.case_id, {
        caseId: r.case_id,
        name: r.case.name,
        status: r.case.status,
        currency: r.case.currency,
        roles: [r.role],
        invested: r.invest_money,
        holdings: r.holdings_value,
        refunded: r.refunded_money,
        since: r.created_at,
      });
      continue;
    }
    if (!row.roles.includes(r.role)) row.roles.push(r.role);
    row.invested = plus(row.invested, r.invest_money);
    row.holdings = plus(row.holdings, r.holdings_value);
    row.refunded = plus(row.refunded, r.refunded_money);
    if (r.created_at < row.since) row.since = r.created_at;
  }
  return [...byCase.values()].sort((a, b) => b.since.localeCompare(a.since));
}
