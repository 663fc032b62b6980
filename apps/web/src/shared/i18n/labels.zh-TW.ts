import { CURRENCY_LABELS, labelsIn } from '@dealflow/domain';
import type { Currency } from '@dealflow/domain';

/**
 * Enumerated values without a home elsewhere (issue #8), Traditional Chinese: comment types and
 * currencies, and the words shown for a value no map knows (never the raw key).
 */
const currency: Record<Currency, string> = labelsIn(CURRENCY_LABELS, 'zh-TW');

export const labelsZhTW = {
  /** The accessible name of a select's clear button (antd's default is English). */
  clear: '清除',
  filePath: '檔案路徑',
  commentType: {
    invest_comment: '投資評論',
    investor_question: '投資人提問',
    investor_answer: '回覆投資人',
  },
  currency,
  unknown: {
    role: '其他角色',
    caseStage: '其他階段',
    contactStage: '其他階段',
    membership: '其他會員等級',
    commentType: '其他評論',
    currency: '其他幣別',
    fundRole: '其他角色',
    employeeStatus: '其他狀態',
    clientFileKind: '其他類型',
    contactChannel: '其他聯絡方式',
    accountKind: '其他身分',
    interestLevel: '其他程度',
    workLogKind: '其他類型',
    sheetColumn: '其他欄位',
  },
};
