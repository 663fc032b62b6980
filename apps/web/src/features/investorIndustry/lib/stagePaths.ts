import type { CaseStage } from '@dealflow/domain';

/** The investor case list's tab of a stage; stages without a tab open the whole list. */
const TAB_PATHS: Partial<Record<CaseStage, string>> = {
  s1: '/investor/cases/s1',
  s2: '/investor/cases/s2',
  s3: '/investor/cases/s3',
  s4: '/investor/cases/s4',
  after_invest: '/investor/cases/post_investment',
  drop: '/investor/cases/drop',
};

/** The case list filtered to one domain (industry), on the stage's tab. */
export function caseListPath(stage: CaseStage, domainKey: string): string {
  return `${TAB_PATHS[stage] ?? '/investor/cases'}?${new URLSearchParams({ domain: domainKey })}`;
}
