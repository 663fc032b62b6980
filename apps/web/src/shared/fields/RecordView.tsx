import { formatDate, formatDateTime, formatMoney, formatNumber } from '@dealflow/domain';
import { Descriptions } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../hooks/useIsMobile.ts';
import '../unsaved/unsaved.css';
import { type FieldDef, fieldKey, valueAt } from './fieldDefs.ts';

const isDayjs = (v: unknown): v is Dayjs =>
  typeof v === 'object' && v !== null && typeof (v as Dayjs).toISOString === 'function';
const asDate = (v: unknown) => (isDayjs(v) ? v.toDate() : (v as string | number | Date | null | undefined));
const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The read-only record: the same field definitions as its form, shown as text (antd Descriptions),
 * not as disabled inputs. Money in full with its currency, dates formatted, empty values as —.
 */
export function RecordView({
  fields,
  values,
  currency,
  columns = 2,
  className,
}: {
  fields: readonly FieldDef[];
  values: unknown;
  currency?: string | null;
  columns?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  // On a phone a label above its value reads better than two cramped columns.
  const isMobile = useIsMobile();
  const empty = t('forms.empty');

  function text(field: FieldDef): ReactNode {
    const value = valueAt(values, field.name);
    if (field.display) {
      const shown = field.display(value);
      return shown === null || shown === undefined || shown === '' ? empty : shown;
    }
    if (field.kind === 'switch') return value === true ? t('forms.yes') : t('forms.no');
    if (isEmpty(value)) return empty;
    switch (field.kind) {
      case 'money':
        return formatMoney(value as number | string, currency ?? 'NTD') || empty;
      case 'number':
        return formatNumber(value as number | string) || empty;
      case 'date':
        return formatDate(asDate(value)) || empty;
      case 'datetime':
        return formatDateTime(asDate(value)) || empty;
      case 'url':
        return (
          <a href={String(value)} target="_blank" rel="noreferrer noopener">
            {String(value)}
          </a>
        );
      case 'select':
      case 'tags': {
        const list = Array.isArray(value) ? value : [value];
        const labels = list.map((v) => field.options?.find((o) => o.value === v)?.label ?? String(v));
        return labels.map((label, i) => (
          <span key={String(list[i])}>
            {i > 0 && '、'}
            {label}
          </span>
        ));
      }
      case 'longText':
        return <span className="record-view__long">{String(value)}</span>;
      default:
        return String(value);
    }
  }

  return (
    <Descriptions
      className={['record-view', className].filter(Boolean).join(' ')}
      bordered
      layout={isMobile ? 'vertical' : 'horizontal'}
      size="small"
      column={{ xs: 1, sm: 1, md: columns, lg: columns, xl: columns, xxl: columns }}
      items={fields
        .filter((f) => f.kind !== 'custom' || f.display)
        .map((field) => ({
          key: fieldKey(field.name),
          label: field.label,
          span: field.wide ? 'filled' : 1,
          children: text(field),
        }))}
    />
  );
}
