import { formatMoney, formatNumber } from '@dealflow/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CellValue, ReportTable, TableColumn } from '../lib/reportTable.ts';

function cellText(column: TableColumn, value: CellValue, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'string') return value;
  if (column.kind === 'money') return formatMoney(value, column.currency ?? 'NTD');
  return formatNumber(value);
}

/**
 * The data behind a chart as a plain table: what a screen reader or a keyboard reaches (the first
 * cell links to the filtered list), and what the downloads hold. A light HTML table, not the antd
 * Table: the whole report page must stay within its size budget.
 */
export function ReportTableView({
  table,
  caption,
  rowHrefs,
}: {
  table: ReportTable;
  caption: string;
  rowHrefs?: readonly (string | null)[];
}) {
  const { t } = useTranslation();
  const none = t('common.none');
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={c.kind === 'text' ? undefined : 'is-number'}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => {
            const href = rowHrefs?.[i] ?? null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is the answer's
              <tr key={i}>
                {table.columns.map((c, j) => {
                  const text = cellText(c, row[c.key] ?? null, none);
                  if (j === 0)
                    return (
                      <th key={c.key} scope="row">
                        {href ? <Link to={href}>{text}</Link> : text}
                      </th>
                    );
                  return (
                    <td key={c.key} className={c.kind === 'text' ? undefined : 'is-number'}>
                      {text}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
