import type { Translation } from './zh-TW.ts';

/** Enumerated values without a home elsewhere (issue #8), English. */
export const labelsEn: Translation['labels'] = {
  clear: 'Clear',
  filePath: 'File path',
  commentType: {
    invest_comment: 'Investment comment',
  },
  currency: {
    NTD: 'New Taiwan dollar',
    USD: 'US dollar',
    CNY: 'Renminbi',
    JPY: 'Japanese yen',
    HKD: 'Hong Kong dollar',
    SGD: 'Singapore dollar',
    EUR: 'Euro',
  },
  unknown: {
    role: 'Other role',
    caseStage: 'Other stage',
    contactStage: 'Other stage',
    membership: 'Other membership',
    commentType: 'Other comment',
    currency: 'Other currency',
    fundRole: 'Other role',
    employeeStatus: 'Other status',
  },
};
