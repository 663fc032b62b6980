import type { CaseLogEntry } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import type { HistoryText } from '../../../shared/components/HistoryTimeline.tsx';
import { cardsZhTW } from '../../../shared/i18n/cards.zh-TW.ts';
import { useStaffDirectory } from '../../../shared/reference/referenceApi.ts';
import { changeLines, valueText } from '../../cases/lib/historyText.ts';

type ActionKey = keyof typeof cardsZhTW.history.action;
type FieldKey = keyof typeof cardsZhTW.history.field;
const has = <T extends object>(o: T, k: string): k is Extract<keyof T, string> => Object.hasOwn(o, k);

/** How a card's history reads: actions in words, fields by their labels, colleagues by name, lists joined. */
export function useCardHistoryText(): HistoryText<CaseLogEntry> {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const words = {
    none: t('common.none'),
    yes: t('cases.history.yes'),
    no: t('cases.history.no'),
    // Cards have no stages: a value that spells one is shown as it is.
    stage: (s: string) => s,
  };
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return words.none;
    if (field === 'employee_id') {
      return (
        directory.data?.find((e) => e.id === value)?.name ??
        t('cards.history.unknownStaff', { id: String(value) })
      );
    }
    if (field === 'permission' && typeof value === 'string' && ['none', 'read', 'edit'].includes(value)) {
      return t(`cards.permissions.${value as 'none' | 'read' | 'edit'}`);
    }
    if (field === 'image') return t('cards.history.photo');
    if (Array.isArray(value)) return value.map(String).join('、') || words.none;
    return valueText(value, words);
  };
  return {
    action: (entry) =>
      has(cardsZhTW.history.action, entry.action)
        ? t(`cards.history.action.${entry.action as ActionKey}`)
        : t('cards.history.action.changed'),
    lines: changeLines,
    fieldLabel: (field) =>
      has(cardsZhTW.history.field, field)
        ? t(`cards.history.field.${field as FieldKey}`)
        : t('errors.anyField'),
    show: (field, value) => show(field, value),
    created: (entry) => entry.action === 'create',
  };
}
