import type { investorCasesZhTW } from './investorCases.zh-TW.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The investor's cases (issue 13). English. */
export const investorCasesEn: Shape<typeof investorCasesZhTW> = {
  title: 'Investment cases',
  intro: 'The cases your membership lets you see. Open a card for its terms, business plan and documents.',
  tabs: {
    label: 'Case stages',
    all: 'All',
    s1: 'S1 Early evaluation',
    s2: 'S2 Due diligence',
    s3: 'S3 Allocation',
    s4: 'S4 Funding preparation',
    after_invest: 'Post-investment',
    drop: 'Archived',
  },
  search: 'Search name, overview or round',
  domain: 'Domain',
  otherDomain: 'Other domain',
  count: '{{count}} cases',
  empty: 'No cases are open to you yet. New cases will appear here.',
  noMatch: 'No case matches: change the search or the filter.',
  loadError: 'Could not load the cases',
  masked: 'De-identified',
  noOverview: 'No overview yet',
  raising: 'Raising',
  notSet: 'Not set',
  interested: 'Interested',
  switch: 'Switch case',
  contact: 'Contact',
  myRoles: 'My roles in this case',
  noPlan: 'No business plan yet.',
  notFound: 'Case not found',
  notFoundHint: 'It may not exist, or your membership does not open it.',
  backToList: 'Back to the cases',
  pickTitle: 'Case detail',
  pickIntro: 'Choose a case to view.',
  maskedNotice:
    'This case is de-identified: sign the non-disclosure agreement (NDA) to see the company’s name, website and documents.',
  sections: {
    'summary-of-terms': 'Summary of terms',
    'custom-data': 'Business plan',
    'download-content': 'Downloads',
    nda: 'NDA',
    loi: 'Letter of intent',
    coi: 'Conflict of interest',
  },
  home: {
    title: 'New cases',
    all: 'All cases',
    empty: 'No case is raising right now.',
  },
  qa: {
    title: 'Updates and questions',
    empty: 'No updates and no questions yet.',
    question: 'My question',
    answer: 'Answer',
    update: 'Update',
    ask: 'Ask the team',
    placeholder: 'For example: who leads this round? When does it close?',
    required: 'Write your question',
    send: 'Send question',
    sent: 'Question sent; the answer will appear here.',
    recused:
      'You declared a conflict of interest on this case, so you cannot ask questions or take part in its discussion.',
  },
  interest: {
    title: 'Interest',
    intro:
      'Tell us you are interested, with an indicative amount if you like; your account officer will contact you.',
    amount: 'Indicative amount',
    register: "I'm interested",
    save: 'Save changes',
    change: 'Change amount',
    withdraw: 'Withdraw',
    withdrawConfirm: 'Withdraw your interest in this case?',
    registered: 'You registered your interest',
    amountIs: 'Indicative amount: {{amount}}',
    noAmount: 'No amount given',
    saved: 'Interest registered',
    withdrawn: 'Interest withdrawn',
    throughFund:
      'Your membership takes part in this case through the fund, not case by case; talk to your account officer if you are interested.',
    recused:
      'You declared a conflict of interest on this case, so you cannot register interest or take part in its allocation.',
    toCoi: 'See your conflict of interest declaration',
  },
  recusal: {
    title: 'You are recused on this case',
    body: 'The conflict of interest declaration you signed on {{time}} declares a conflict, so you take no part in this case’s investment discussion and allocation. If the declaration is wrong, talk to your account officer.',
  },
  docs: {
    generate: 'Create and sign',
    needNda: 'Sign this case’s non-disclosure agreement (NDA) first.',
    toNda: 'Go to the NDA',
    nda: {
      title: 'Non-disclosure agreement (NDA)',
      intro:
        'Once you sign the NDA you see the case in full. You sign electronically with a code mailed to you.',
    },
    loi: {
      title: 'Letter of intent (LOI)',
      intro:
        'States your intention to invest and the amount you have in mind. It does not bind you to invest.',
      amount: 'Amount (NT$, optional)',
    },
    coi: {
      title: 'Conflict of interest declaration (COI)',
      intro:
        'Declares whether you have an interest in the company that could affect your judgement. Before signing, choose “no conflict” or “conflict” and describe it; if you declare a conflict, you stay out of this case’s investment discussion and allocation.',
    },
  },
};
