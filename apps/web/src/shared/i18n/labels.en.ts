import { CURRENCY_LABELS, labelsIn } from '@dealflow/domain';
import type { Translation } from './zh-TW.ts';

/** Enumerated values without a home elsewhere (issue #8), English. */
export const labelsEn: Translation['labels'] = {
  clear: 'Clear',
  filePath: 'File path',
  commentType: {
    invest_comment: 'Investment comment',
    investor_question: 'Investor question',
    investor_answer: 'Answer to an investor',
  },
  currency: labelsIn(CURRENCY_LABELS, 'en'),
  unknown: {
    role: 'Other role',
    caseStage: 'Other stage',
    contactStage: 'Other stage',
    membership: 'Other membership',
    commentType: 'Other comment',
    currency: 'Other currency',
    fundRole: 'Other role',
    employeeStatus: 'Other status',
    clientFileKind: 'Other kind',
    contactChannel: 'Other channel',
    accountKind: 'Other holder type',
    interestLevel: 'Other level',
    workLogKind: 'Other kind',
    sheetColumn: 'Other column',
  },
};
