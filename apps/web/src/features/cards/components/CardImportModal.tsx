import { UploadOutlined } from '@ant-design/icons';
import type { CardImportReport } from '@dealflow/domain';
import { Alert, Button, List, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { useImportCards } from '../api/cardsApi.ts';

const FIELDS = ['name', 'company', 'title', 'phones', 'emails', 'address', 'notes', 'tags'] as const;
const ACCEPT = '.csv,.xlsx,.vcf,text/csv,text/vcard,text/x-vcard';

/**
 * Import cards from a CSV, XLSX or vCard file: check it first (dry run) or import at once; the
 * server's report lists each refused row with its reasons.
 */
export function CardImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportCards();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CardImportReport | null>(null);

  async function send(dryRun: boolean) {
    if (!file) return;
    setReport(null);
    try {
      setReport(await run.mutateAsync({ file, dryRun }));
    } catch {
      // Shown from run.error below.
    }
  }

  const fieldLabel = (field: string | null) =>
    field && (FIELDS as readonly string[]).includes(field)
      ? t(`cards.field.${field as (typeof FIELDS)[number]}`)
      : t('cards.import.file');
  const refused = report?.rows.filter((r) => r.outcome === 'refused') ?? [];

  return (
    <Modal
      open={open}
      title={t('cards.import.title')}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setFile(null);
        setReport(null);
        run.reset();
      }}
      footer={
        <Space>
          <Button onClick={onClose}>{t('cards.close')}</Button>
          <Button
            disabled={!file}
            loading={run.isPending && run.variables?.dryRun}
            onClick={() => void send(true)}
          >
            {t('cards.import.check')}
          </Button>
          <Button
            type="primary"
            disabled={!file}
            loading={run.isPending && !run.variables?.dryRun}
            onClick={() => void send(false)}
          >
            {t('cards.import.run')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('cards.import.hint')}</Typography.Paragraph>
      <Upload
        accept={ACCEPT}
        maxCount={1}
        beforeUpload={(f) => {
          setFile(f);
          setReport(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setReport(null);
        }}
        fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t('cards.import.pick')}</Button>
      </Upload>
      {run.isError && (
        <ErrorAlert error={run.error} title={t('common.requestFailed')} className="card-import__result" />
      )}
      {report && (
        <div className="card-import__result">
          <Alert
            type={report.refused > 0 ? 'warning' : 'success'}
            showIcon
            title={t(report.dry_run ? 'cards.import.checked' : 'cards.import.done', {
              created: report.created,
              refused: report.refused,
            })}
            description={
              report.ignored_columns.length > 0
                ? t('cards.import.ignored', { columns: report.ignored_columns.join('、') })
                : undefined
            }
          />
          {refused.length > 0 && (
            <List
              size="small"
              header={t('cards.import.refusedTitle')}
              className="card-import__rows"
              dataSource={refused.slice(0, 200)}
              renderItem={(row) => (
                <List.Item>
                  <Typography.Text strong>{t('cards.import.row', { row: row.row })}</Typography.Text>
                  {row.name ? `（${row.name}）` : ''}：
                  {row.issues.map((issue) => (
                    // The server's sentence (English) stays available on hover; the label is translated.
                    <span
                      key={`${issue.field}-${issue.message}`}
                      title={issue.message}
                      className="card-import__issue"
                    >
                      {t('cards.import.invalid', { field: fieldLabel(issue.field) })}
                    </span>
                  ))}
                </List.Item>
              )}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
