import {
  type CaseStage,
  type ClientLogEntry,
  formatDate,
  formatNumber,
  UPLOAD_FILE_TYPES,
} from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import type { HistoryText } from '../../../shared/components/HistoryTimeline.tsx';
import { clientPageZhTW } from '../../../shared/i18n/clientPage.zh-TW.ts';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { label } from '../../../shared/i18n/label.ts';
import { useStaffDirectory, useStaticKeys } from '../../cases/api/casesApi.ts';
import { domainOptionsOf } from '../../cases/lib/domainOptions.ts';
import { changeLines, valueText } from '../../cases/lib/historyText.ts';

type ActionKey = keyof typeof clientPageZhTW.history.action;
type ItemKey = keyof typeof clientPageZhTW.history.item;
type VerbKey = keyof typeof clientPageZhTW.history.verb;
type FieldKey = keyof typeof clientPageZhTW.history.field;
const has = <T extends object>(o: T, k: string): k is Extract<keyof T, string> => Object.hasOwn(o, k);

/** A stored file's type as people name it (PDF, DOCX…), from the upload types its MIME type belongs to. */
function fileFormat(mime: string): string {
  const type = Object.values(UPLOAD_FILE_TYPES).find((t) => t.mime === mime);
  return type ? (type.extensions[0] ?? mime).toUpperCase() : mime;
}

/** 1536 → 1.5 KB, 2097152 → 2 MB. */
function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

/** `client.move` and `move` name the same action; sub-resources log `todo.create`, `client.todo.create`… */
const bare = (action: string) => action.replace(/^client\./, '');

/**
 * How a client's history reads: actions in words, field names and enumerated values by their
 * labels (stages, tiers, currency, owner, domain and industry keys), amounts grouped, dates as dates.
 */
export function useClientHistoryText(): HistoryText<ClientLogEntry> {
  const { t } = useTranslation();
  const directory = useStaffDirectory();
  const domains = useStaticKeys('domain');
  const industries = useStaticKeys('industry');
  const language = currentLanguage();
  const keyLabels = new Map(
    [...domainOptionsOf(domains.data, language), ...domainOptionsOf(industries.data, language)].map((o) => [
      o.value,
      o.label,
    ]),
  );
  const words = {
    none: t('common.none'),
    yes: t('cases.history.yes'),
    no: t('cases.history.no'),
    stage: (s: CaseStage) => t(`caseStages.${s}`),
  };
  const staffName = (id: unknown, entry: ClientLogEntry) =>
    entry.employee_names[String(id)] ?? directory.data?.find((e) => e.id === id)?.name;

  const action = (entry: ClientLogEntry) => {
    const name = bare(entry.action);
    if (has(clientPageZhTW.history.action, name)) return t(`clientPage.history.action.${name as ActionKey}`);
    const dot = name.lastIndexOf('.');
    const verb = dot < 0 ? '' : name.slice(dot + 1);
    const item = dot < 0 ? '' : name.slice(0, dot);
    if (!has(clientPageZhTW.history.verb, verb)) return t('clientPage.history.action.changed');
    const what = has(clientPageZhTW.history.item, item)
      ? t(`clientPage.history.item.${item as ItemKey}`)
      : t('clientPage.history.item.other');
    return t(`clientPage.history.verb.${verb as VerbKey}`, { item: what });
  };

  const show = (field: string, value: unknown, entry: ClientLogEntry): string => {
    if (value === null || value === undefined || value === '') return words.none;
    switch (field) {
      case 'process_status':
      case 'dropped_from':
        return label('contactStage', String(value));
      case 'membership':
        return label('membership', String(value));
      case 'application_status':
        return value === 'pending' || value === 'approved'
          ? t(`registration.applicationStatus.${value}`)
          : valueText(value, words);
      case 'currency':
        return label('currency', String(value));
      case 'status':
        return value === 'active' || value === 'inactive'
          ? t(`clientPage.profile.status.${value}`)
          : valueText(value, words);
      case 'employee_id':
        return staffName(value, entry) ?? t('clientPage.history.unknownStaff', { id: String(value) });
      case 'kind':
        // A file's kind (the other sub-resources log no `kind`).
        return label('clientFileKind', String(value));
      case 'mime':
        return fileFormat(String(value));
      case 'size':
        return typeof value === 'number' ? formatFileSize(value) : valueText(value, words);
      case 'check_size':
        return typeof value === 'number' ? formatNumber(value) : valueText(value, words);
      case 'expiry_at':
        return typeof value === 'string' ? formatDate(value) || value : valueText(value, words);
      case 'domain_keys':
      case 'industry_keys':
        return Array.isArray(value)
          ? value.map((k) => keyLabels.get(String(k)) ?? String(k)).join('、') || words.none
          : valueText(value, words);
      default:
        return valueText(value, words);
    }
  };

  return {
    action,
    // A file's SHA-256 is evidence kept in the entry, not something a person reads.
    lines: (entry) => changeLines(entry).filter((line) => line.field !== 'sha256'),
    fieldLabel: (field) =>
      has(clientPageZhTW.history.field, field)
        ? t(`clientPage.history.field.${field as FieldKey}`)
        : t('errors.anyField'),
    show,
    created: (entry) => bare(entry.action).endsWith('create'),
    color: (entry) => {
      const name = bare(entry.action);
      if (name === 'move' || name === 'stage') return 'gold';
      return name.endsWith('delete') ? 'red' : 'gray';
    },
  };
}
