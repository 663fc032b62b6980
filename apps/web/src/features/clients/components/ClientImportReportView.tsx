import { type ClientImportReport, SHEET_PROBLEMS } from '@dealflow/domain';
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../../shared/hooks/useIsMobile.ts';
import { useLabel } from '../../../shared/i18n/label.ts';

type ReportRow = ClientImportReport['rows'][number];
type Outcome = ReportRow['outcome'];
type Problem = (typeof SHEET_PROBLEMS)[number];

const OUTCOMES: readonly Outcome[] = ['created', 'updated', 'unchanged', 'refused'];
/** Tag colours; `unchanged` keeps antd's default tag, dark text on light grey. */
const COLOR: Record<Outcome, string | undefined> = {
  created: 'green',
  updated: 'blue',
  unchanged: undefined,
  refused: 'red',
};

/**
 * What an import did or would do (issue 9): the counts as tags, unknown columns, then a line per
 * row with its outcome, email, the fields it sets (by their column names) and, for a refused
 * row, every reason. A dry run words outcomes as plans (「將更新」).
 */
export function ClientImportReportView({ report }: { report: ClientImportReport }) {
  const { t } = useTranslation();
  const label = useLabel();
  const isMobile = useIsMobile();
  const outcomeText = (o: Outcome) =>
    report.dry_run ? t(`clientList.sheet.planned.${o}`) : t(`clientList.sheet.outcome.${o}`);
  const problemText = (issue: ReportRow['issues'][number]) => {
    const problem = (SHEET_PROBLEMS as readonly string[]).includes(issue.problem)
      ? t(`clientList.sheet.problems.${issue.problem as Problem}`)
      : t('clientList.sheet.problems.rejected');
    return issue.column === null
      ? problem
      : t('clientList.sheet.problemLine', { column: label('sheetColumn', issue.column), problem });
  };

  const outcomeFilter = {
    filters: OUTCOMES.filter((o) => report[o] > 0).map((o) => ({ text: outcomeText(o), value: o })),
    onFilter: (value: unknown, row: ReportRow) => row.outcome === value,
  };
  const outcomeTag = (outcome: Outcome) => <Tag color={COLOR[outcome]}>{outcomeText(outcome)}</Tag>;
  const emailOf = (row: ReportRow) =>
    row.email === null ? (
      t('common.none')
    ) : row.client_id !== null && !report.dry_run ? (
      <Link to={`/dashboard/investor/${row.client_id}`} className="client-import__email">
        {row.email}
      </Link>
    ) : (
      <span className="client-import__email">{row.email}</span>
    );
  const detailOf = (row: ReportRow) =>
    row.issues.length > 0 ? (
      <ul className="client-import__problems">
        {row.issues.map((issue) => {
          const text = problemText(issue);
          return <li key={text}>{text}</li>;
        })}
      </ul>
    ) : row.fields.length > 0 ? (
      row.fields
        .filter((f) => f !== 'email')
        .map((f) => label('sheetColumn', f))
        .join('、')
    ) : (
      t('common.none')
    );
  const detailTitle = t('clientList.sheet.column.detail');

  // A phone has room for two columns: where and what, then the email over its details.
  const columns: ColumnsType<ReportRow> = isMobile
    ? [
        {
          key: 'outcome',
          title: t('clientList.sheet.column.outcome'),
          dataIndex: 'outcome',
          width: 96,
          ...outcomeFilter,
          render: (outcome: Outcome, row) => (
            <div className="client-import__where">
              <span>{t('clientList.sheet.row', { row: row.row })}</span>
              {outcomeTag(outcome)}
            </div>
          ),
        },
        {
          key: 'detail',
          title: t('clientList.sheet.column.emailDetail'),
          render: (_: unknown, row) => (
            <div className="client-import__detail">
              <div>{emailOf(row)}</div>
              <div className="client-import__fields">{detailOf(row)}</div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'row',
          title: t('clientList.sheet.column.row'),
          dataIndex: 'row',
          width: 96,
          render: (row: number) => t('clientList.sheet.row', { row }),
        },
        {
          key: 'outcome',
          title: t('clientList.sheet.column.outcome'),
          dataIndex: 'outcome',
          width: 100,
          ...outcomeFilter,
          render: outcomeTag,
        },
        {
          key: 'email',
          title: t('clientList.sheet.column.email'),
          width: 240,
          render: (_: unknown, row) => emailOf(row),
        },
        { key: 'detail', title: detailTitle, render: (_: unknown, row) => detailOf(row) },
      ];

  return (
    <div className="client-import__report">
      <ul className="client-import__counts" aria-label={t('clientList.sheet.summaryLabel')}>
        {OUTCOMES.map((o) => (
          <li key={o}>
            <Tag color={COLOR[o]} data-outcome={o}>
              {t(`clientList.sheet.count.${o}`, { count: report[o] })}
            </Tag>
          </li>
        ))}
      </ul>
      {report.ignored_columns.length > 0 && (
        <Typography.Paragraph type="secondary" className="client-import__ignored">
          {t('clientList.sheet.ignored', { columns: report.ignored_columns.join('、') })}
        </Typography.Paragraph>
      )}
      <Table<ReportRow>
        size="small"
        rowKey="row"
        className="client-import__table"
        columns={columns}
        dataSource={report.rows}
        pagination={report.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      />
    </div>
  );
}
