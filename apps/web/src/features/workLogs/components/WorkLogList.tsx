import { formatDateTime, WORK_LOG_KINDS, type WorkLog, type WorkLogKind } from '@dealflow/domain';
import { Pagination, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemList, mutationSource } from '../../../shared/components/ItemList.tsx';
import { useLabel } from '../../../shared/i18n/label.ts';
import { useDeleteWorkLog, useSaveWorkLog, useWorkLogs } from '../api/workLogsApi.ts';

interface WorkLogValues {
  kind: WorkLogKind;
  happened_at: Dayjs;
  content: string;
}

/**
 * A list of work logs through the shared ItemList: one case's (the case page's tab; new logs go on
 * that case) or one colleague's / everyone's the viewer may read (the work-log page). Pages of 20
 * come from the server; only the author or an admin edits or deletes a log.
 */
export function WorkLogList({
  caseId,
  employeeId,
  page,
  onPage,
  viewer,
  canAdd,
  showCase,
  emptyText,
}: {
  caseId?: number;
  employeeId?: number;
  page: number;
  onPage: (page: number) => void;
  viewer: { id: number; role: string };
  canAdd: boolean;
  /** Link each log to its case (on the work-log page; the case tab is the case). */
  showCase: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const size = 20;
  const logs = useWorkLogs({ caseId, employeeId, page, size });
  const save = useSaveWorkLog();
  const remove = useDeleteWorkLog();
  const body = (v: WorkLogValues) => ({
    kind: v.kind,
    happened_at: v.happened_at.format(),
    content: v.content.trim(),
  });
  const items = {
    data: logs.data?.result,
    isPending: logs.isPending,
    isError: logs.isError,
    error: logs.error,
    refetch: logs.refetch,
  };
  const count = logs.data?.count ?? 0;
  return (
    <>
      <ItemList<
        WorkLog,
        WorkLogValues,
        ReturnType<typeof body> & { case_id?: number },
        ReturnType<typeof body>
      >
        name="workLogs"
        source={mutationSource(items, save, remove)}
        canAdd={canAdd}
        canChange={(log) => viewer.role === 'admin' || log.employee_id === viewer.id}
        addLabel={t('workLogs.add')}
        emptyText={emptyText}
        config={{
          fields: [
            {
              name: 'kind',
              label: t('workLogs.fields.kind'),
              kind: 'select',
              options: WORK_LOG_KINDS.map((k) => ({ value: k, label: label('workLogKind', k) })),
            },
            {
              name: 'happened_at',
              label: t('workLogs.fields.happenedAt'),
              kind: 'datetime',
              required: t('workLogs.fields.happenedAtRequired'),
            },
            {
              name: 'content',
              label: t('workLogs.fields.content'),
              kind: 'longText',
              wide: true,
              rows: 4,
              max: 5000,
              required: t('workLogs.fields.contentRequired'),
              autoFocus: true,
            },
          ],
          initial: (log) =>
            log
              ? { kind: log.kind, happened_at: dayjs(log.happened_at), content: log.content }
              : { kind: 'call', happened_at: dayjs() },
          createBody: (v) => (caseId === undefined ? body(v) : { ...body(v), case_id: caseId }),
          updateBody: body,
          view: (log) => ({
            title: label('workLogKind', log.kind),
            content: <Typography.Paragraph className="work-log__content">{log.content}</Typography.Paragraph>,
            meta: [
              formatDateTime(log.happened_at),
              log.employee ? t('workLogs.by', { name: log.employee.name }) : null,
              showCase && log.case ? (
                <Link key="case" to={`/dashboard/manager/${log.case.id}?tab=workLogs`}>
                  {t('workLogs.onCase', { name: log.case.name })}
                </Link>
              ) : null,
            ],
          }),
        }}
      />
      {count > size && (
        <Pagination
          className="work-log__pages"
          current={page}
          pageSize={size}
          total={count}
          showSizeChanger={false}
          onChange={onPage}
          size="small"
        />
      )}
    </>
  );
}
