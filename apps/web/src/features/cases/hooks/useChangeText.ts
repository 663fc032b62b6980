import {
  type CaseStage,
  FUND_ROLE_LABELS,
  FUND_ROLES,
  type FundRole,
  formatNumber,
  isClientField,
  LEGAL_DOC_STATUSES,
  type LegalDocStatus,
} from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { casesZhTW } from '../../../shared/i18n/cases.zh-TW.ts';
import { startupProfileZhTW } from '../../../shared/i18n/startupProfile.zh-TW.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { contractFieldLabel } from '../../contract/lib/historyLabel.ts';
import { useStaffDirectory } from '../api/casesApi.ts';
import { clientsText, valueText } from '../lib/historyText.ts';

type FieldKey = keyof typeof casesZhTW.history.field;
type TermKey = Exclude<keyof typeof casesZhTW.termSheet, 'visibility'>;
type PlanKey = keyof typeof casesZhTW.businessPlan;
type CompanyKey = Exclude<keyof typeof startupProfileZhTW.fields, 'business_plan'>;
const has = <T extends object>(o: T, k: string): k is Extract<keyof T, string> => Object.hasOwn(o, k);
/** Amounts are shown grouped (20,000,000), in whatever currency the case uses. */
const AMOUNT_FIELDS = new Set([
  'pre_money',
  'fund_raising',
  'funding',
  'invest_money',
  'term_sheet.total_amount',
  'term_sheet.investment_amount',
  'term_sheet.year_revenue',
]);
const isFundRole = (v: unknown): v is FundRole => (FUND_ROLES as readonly unknown[]).includes(v);
const isDocStatus = (v: unknown): v is LegalDocStatus =>
  (LEGAL_DOC_STATUSES as readonly unknown[]).includes(v);

/**
 * Field names and values of a case as people read them, for the history and the review diff:
 * `term_sheet.total_amount` → 投資條件・總金額, staff ids → names, stages and roles by name, client
 * ids → the names a history entry carries (`clientNames`).
 */
export function useChangeText() {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const staffName = (id: unknown) => directory.data?.find((e) => e.id === id)?.name;

  const fieldLabel = (field: string): string => {
    const [head = '', sub] = field.split('.');
    if (sub && head === 'term_sheet' && has(casesZhTW.termSheet, sub) && sub !== 'visibility')
      return `${t('cases.history.field.term_sheet')}・${t(`cases.termSheet.${sub as TermKey}`)}`;
    if (sub && head === 'business_plan' && has(casesZhTW.businessPlan, sub))
      return `${t('cases.history.field.business_plan')}・${t(`cases.businessPlan.${sub as PlanKey}`)}`;
    if (sub && head === 'company' && has(startupProfileZhTW.fields, sub) && sub !== 'business_plan')
      return `${t('cases.history.field.company')}・${t(`startupProfile.fields.${sub as CompanyKey}`)}`;
    if (sub && head === 'fund_info' && isFundRole(sub))
      return `${t('cases.history.field.fund_info')}・${FUND_ROLE_LABELS[sub][currentLanguage()]}`;
    if (field === 'document') return t('contract.document');
    if (field === 'document_status') return t('contract.documentStatus');
    if (sub && head === 'contract') {
      const part = contractFieldLabel(field.slice('contract.'.length), t, currentLanguage());
      return part ? `${t('contract.history')}・${part}` : t('contract.history');
    }
    return has(casesZhTW.history.field, head)
      ? t(`cases.history.field.${head as FieldKey}`)
      : t('errors.anyField');
  };
  const words = {
    none: t('common.none'),
    yes: t('cases.history.yes'),
    no: t('cases.history.no'),
    stage: (s: CaseStage) => t(`caseStages.${s}`),
  };
  const show = (
    field: string,
    value: unknown,
    clientNames: Readonly<Record<string, string>> = {},
  ): string => {
    if (isClientField(field)) {
      const text = clientsText(value, clientNames, {
        none: words.none,
        unknown: (id) => t('clients.select.unknown', { id }),
      });
      if (text !== null) return text;
    }
    if (AMOUNT_FIELDS.has(field) && typeof value === 'number') return formatNumber(value);
    if (field === 'document_status' && isDocStatus(value)) return t(`contract.docStatus.${value}`);
    if (field === 'role' && isFundRole(value)) return FUND_ROLE_LABELS[value][currentLanguage()];
    if (field === 'type' && typeof value === 'string') return label('commentType', value);
    if (field === 'currency' && typeof value === 'string') return label('currency', value);
    if (field === 'application_status' && (value === 'pending' || value === 'approved'))
      return t(`registration.applicationStatus.${value}`);
    if (field === 'ao_id' || field.endsWith('assignee_id'))
      return staffName(value) ?? valueText(value, words);
    if (field === 'agent_ids' && Array.isArray(value))
      return value.map((id) => staffName(id) ?? String(id)).join('、') || words.none;
    return valueText(value, words);
  };
  return { fieldLabel, show };
}
