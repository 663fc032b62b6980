import {
  CLIENT_SHEET_COLUMNS,
  type CaseStage,
  type ClientSheetKey,
  type ClientFileKind,
  type ClientAccountKind,
  type ContactChannel,
  type InterestLevel,
  type EmployeeStatus,
  type ContactStage,
  type Currency,
  FUND_ROLE_LABELS,
  type FundRole,
  type MembershipTier,
  type StaffRole,
  type WorkLogKind,
} from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from './index.ts';

/** The value type of each kind of enumerated value; `label()` also takes any string (a newer server). */
export interface LabelValues {
  role: StaffRole;
  caseStage: CaseStage;
  contactStage: ContactStage;
  membership: MembershipTier;
  commentType: string;
  currency: Currency;
  fundRole: FundRole;
  employeeStatus: EmployeeStatus;
  clientFileKind: ClientFileKind;
  contactChannel: ContactChannel;
  accountKind: ClientAccountKind;
  interestLevel: `${InterestLevel}`;
  /** A column of the client spreadsheet (issue 9), by its key. */
  sheetColumn: ClientSheetKey;
  workLogKind: WorkLogKind;
}
export type LabelKind = keyof LabelValues;

/** Where each kind's names live in the i18n resources. */
/** Kinds named by a bilingual table of the domain rather than by the i18n resources. */
type DomainLabelKind = 'fundRole' | 'sheetColumn';
const PREFIX: Record<Exclude<LabelKind, DomainLabelKind>, string> = {
  role: 'roles',
  caseStage: 'caseStages',
  contactStage: 'contactStages',
  membership: 'membership',
  commentType: 'labels.commentType',
  currency: 'labels.currency',
  employeeStatus: 'employees.status',
  clientFileKind: 'clientRecords.files.kinds',
  contactChannel: 'clientItems.channel',
  accountKind: 'clientItems.accountKind',
  interestLevel: 'clientItems.level',
  workLogKind: 'workLogs.kinds',
};

const SAFE_KEY = /^[A-Za-z0-9_-]{1,60}$/;
const own = (o: object, k: string) => Object.hasOwn(o, k);

/**
 * The one label helper: every enumerated value (role, stage, tier, comment type, currency…) as
 * people read it in the current language. A value no map knows reads as 「其他…」 in zh-TW, never
 * as its raw key; in English as the key in words.
 */
export function label<K extends LabelKind>(
  kind: K,
  value: LabelValues[K] | (string & {}) | null | undefined,
): string {
  const t = i18n.t as (key: string) => string;
  if (value === null || value === undefined || value === '') return t('common.none');
  if (kind === 'fundRole') {
    if (own(FUND_ROLE_LABELS, value)) return FUND_ROLE_LABELS[value as FundRole][currentLanguage()];
  } else if (kind === 'sheetColumn') {
    const column = CLIENT_SHEET_COLUMNS.find((c) => c.key === value);
    if (column) return column.label[currentLanguage()];
  } else {
    const key = `${PREFIX[kind as Exclude<LabelKind, DomainLabelKind>]}.${value}`;
    if (SAFE_KEY.test(value) && i18n.exists(key)) return t(key);
  }
  if (currentLanguage() === 'en') return value.replace(/_/g, ' ');
  return t(`labels.unknown.${kind}`);
}

/** `label()` in a component: re-renders when the language changes. */
export function useLabel(): typeof label {
  useTranslation();
  return label;
}
