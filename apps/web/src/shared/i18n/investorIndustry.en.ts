import type { investorIndustryZhTW } from './investorIndustry.zh-TW.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The investor's industry pages (issue 13). English. */
export const investorIndustryEn: Shape<typeof investorIndustryZhTW> = {
  title: 'Industries',
  nav: {
    overview: 'Overview',
    detail: 'By stage',
    investment: 'My investments',
    record: 'Investment record',
  },
  cases: '{{count}} cases',
  raising: 'Raising',
  noAmount: '—',
  unclassified: 'Unclassified',
  empty: 'There are no cases you can see yet, so no industries. New cases will appear here when they open.',
  loadError: 'Could not load the industries',
  overview: {
    intro:
      'The cases you can see, by domain: how many each industry has and what they are raising. Open one for its cases.',
    count: '{{industries}} industries, {{cases}} cases in all',
    unclassified: '{{count}} more cases have no domain yet.',
  },
  item: {
    byStage: 'By stage',
    empty: 'There are no cases you can see in this industry.',
  },
  detail: {
    title: 'Industries by stage',
    intro:
      "How many of each industry's cases are at each stage. Open an industry for its stages and amounts.",
    industry: 'Industry',
    total: 'Total',
    allCases: 'All its cases',
  },
  investment: {
    title: 'My investments by industry',
    intro:
      "Your money by industry (a case's first domain) and currency: what went in, what the holdings are worth and what came back.",
    empty: 'There are no amounts of yours on record yet.',
    currency: '{{currency}}',
    chartLabel: 'Invested, holdings and refunded by industry in {{currency}}',
    chartLoading: 'Loading the chart',
  },
  figures: {
    initial: 'Invested',
    holdings: 'Holdings',
    refunded: 'Refunded',
  },
  record: {
    title: 'Investment record',
    intro: 'Your roles and amounts on each case, the newest first.',
    empty: 'You do not take part in any case yet.',
    since: 'Since {{date}}',
    invested: 'Invested',
    holdings: 'Current value',
    refunded: 'Refunded',
    openCase: 'Open the case',
    documents: 'My documents',
    note: 'Your account officer keeps the holdings and refunded amounts up to date; contact us with any question.',
  },
};
