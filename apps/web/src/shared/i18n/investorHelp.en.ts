import type { qaZhTW, redirectZhTW, tourZhTW } from './investorHelp.zh-TW.ts';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const qaEn: Strings<typeof qaZhTW> = {
  title: 'FAQ',
  intro: 'Common questions about the platform, investing with us and keeping your account safe.',
  search: 'Search questions or answers',
  count: '{{count}} questions',
  empty: 'No questions yet',
  emptySearch: 'Nothing matches “{{q}}”',
  clearSearch: 'Clear search',
  loadError: 'The Q&A could not be loaded',
  noCategory: 'Other',
  askUs: 'Can’t find your answer?',
  contactUs: 'Contact us',
  editor: {
    title: 'FAQ settings',
    intro:
      'The questions and answers investors see on their FAQ page. Unpublished ones are seen by admins only; the order here is the order investors see.',
    add: 'Add a question',
    empty: 'No questions yet. Add the first one and investors will see it on their FAQ page.',
    question: 'Question',
    questionRequired: 'Enter the question',
    answer: 'Answer',
    answerRequired: 'Enter the answer',
    category: 'Category',
    categoryPlaceholder: 'For example: Account and security (optional)',
    published: 'Shown to investors',
    draft: 'Unpublished',
    public: 'Published',
    moveUp: 'Move up: {{question}}',
    moveDown: 'Move down: {{question}}',
    moved: 'Order updated',
    updatedAt: 'Updated {{date}}',
  },
};

export const tourEn: Strings<typeof tourZhTW> = {
  help: 'Help',
  reopen: 'Show the platform tour again',
  qa: 'FAQ',
  cases: {
    title: 'Cases',
    description: 'Browse the cases open to you, by stage, with search and filters.',
  },
  casesMobile: {
    title: 'Menu',
    description: 'Open the menu here: cases, messages, contracts and the FAQ are all in it.',
  },
  card: {
    title: 'A case card',
    description:
      'Each card shows the company in a line, the round and the amount raised; open it for the details.',
  },
  messages: {
    title: 'Messages',
    description: 'Write to us here with any question; we also email you when we reply.',
  },
  contract: {
    title: 'Contracts',
    description: 'Every document you signed or need to sign, with its status and a download.',
  },
  hintTitle: 'Tour closed',
  hintBody: 'You can open the tour again at any time from the Help menu at the top right.',
  ok: 'OK',
};

export const redirectEn: Strings<typeof redirectZhTW> = {
  refused:
    'This link could not be opened (it may be incomplete or out of date), so here is your investor home.',
};
