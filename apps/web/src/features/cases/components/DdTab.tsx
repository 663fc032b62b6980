import { UploadOutlined } from '@ant-design/icons';
import { DD_CONTENT_MAX, type DdComment, type DdImportReport, formatDateTime } from '@dealflow/domain';
import { Button, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { ClientSelect } from '../../clients/components/ClientSelect.tsx';
import { useImportDd } from '../api/caseItemsApi.ts';
import { authorLine, CaseItemsPanel, type ItemConfig } from './CaseItemsPanel.tsx';

interface DdValues {
  content: string;
  client_id?: number | null;
}

/** The per-row answer of an import: what went in and what was refused, with the reasons. */
function ImportReport({ report }: { report: DdImportReport }) {
  const { t } = useTranslation();
  return (
    <div className="dd-report" role="status">
      <Typography.Paragraph strong>
        {t('cases.dd.importResult', { imported: report.imported, refused: report.refused })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="row"
        pagination={report.rows.length > 20 ? { pageSize: 20 } : false}
        dataSource={report.rows}
        columns={[
          { title: '#', dataIndex: 'row', render: (row: number) => t('cases.dd.row', { row }), width: 100 },
          {
            title: t('cases.dd.result'),
            dataIndex: 'status',
            width: 100,
            render: (status: 'imported' | 'refused') => (
              <Tag color={status === 'imported' ? 'green' : 'red'}>{t(`cases.dd.${status}`)}</Tag>
            ),
          },
          { title: t('cases.dd.reason'), dataIndex: 'reason', render: (v: string | undefined) => v ?? '' },
        ]}
      />
    </div>
  );
}

/** 盡職調查: due-diligence comments of the case, and import from a CSV or XLSX file. */
export function DdTab({ caseId, editable }: { caseId: number; editable: boolean }) {
  const { t } = useTranslation();
  const importDd = useImportDd(caseId);
  const [report, setReport] = useState<DdImportReport | null>(null);
  const body = (v: DdValues) => ({ content: v.content.trim(), client_id: v.client_id ?? null });
  const config: ItemConfig<'dd', DdValues> = {
    kind: 'dd',
    fields: [
      {
        name: 'content',
        label: t('cases.dd.content'),
        kind: 'longText',
        wide: true,
        rows: 5,
        autoFocus: true,
        required: t('cases.dd.contentRequired'),
        max: DD_CONTENT_MAX,
      },
      {
        name: 'client_id',
        label: t('cases.dd.clientId'),
        kind: 'custom',
        wide: true,
        input: <ClientSelect allowClear />,
      },
    ],
    initial: (item: DdComment | null) => (item ? { content: item.content, client_id: item.client_id } : {}),
    createBody: body,
    updateBody: body,
    view: (item) => ({
      title: item.content.length > 60 ? `${item.content.slice(0, 60)}…` : item.content,
      content: item.content.length > 60 ? item.content : undefined,
      meta: [
        formatDateTime(item.created_at),
        item.client ? t('cases.dd.client', { name: item.client.name }) : null,
        authorLine(t, item.author),
      ],
    }),
  };
  return (
    <div className="item-list">
      {editable && (
        <div className="dd-import">
          <Upload
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            beforeUpload={(file) => {
              setReport(null);
              // A failure shows once, in the alert below (no toast as well).
              importDd.mutate(file, { onSuccess: setReport });
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={importDd.isPending}>
              {t('cases.dd.import')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('cases.dd.importHint')}</Typography.Text>
        </div>
      )}
      {importDd.isError && <ErrorAlert error={importDd.error} />}
      {report && <ImportReport report={report} />}
      <CaseItemsPanel
        caseId={caseId}
        config={config}
        access={{ editable, contribute: false, mayChange: () => false }}
      />
    </div>
  );
}
