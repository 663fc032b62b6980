import { InboxOutlined } from '@ant-design/icons';
import type { ClientImportReport } from '@dealflow/domain';
import { Alert, Button, Modal, Progress, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { CLIENT_IMPORT_MAX_BYTES, useImportClients } from '../api/clientSheetApi.ts';
import { ClientImportReportView } from './ClientImportReportView.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a chosen file is refused before a byte is sent (the server checks again): null when it may go. */
export function importRefusalOf(t: TFunction, file: { name: string; size: number }): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return t('clientList.sheet.wrongType', { name: file.name });
  if (file.size > CLIENT_IMPORT_MAX_BYTES) {
    const mb = Math.round((file.size / (1024 * 1024)) * 10) / 10;
    return t('clientList.sheet.tooLarge', {
      name: file.name,
      size: t('clientRecords.files.size.mb', { count: mb }),
    });
  }
  return null;
}

/** The sentence of a finished import: who was added and updated. */
export function importSuccessText(t: TFunction, report: ClientImportReport): string {
  if (report.created > 0 && report.updated > 0)
    return t('clientList.sheet.successBoth', { created: report.created, updated: report.updated });
  if (report.created > 0) return t('clientList.sheet.successCreated', { count: report.created });
  if (report.updated > 0) return t('clientList.sheet.successUpdated', { count: report.updated });
  return t('clientList.sheet.successNone');
}

type Step =
  | { kind: 'choose' }
  | { kind: 'checked'; file: File; report: ClientImportReport }
  | { kind: 'applied'; file: File; report: ClientImportReport };

/**
 * 「匯入」 (issue 9): choose a CSV or XLSX file, see first what it would do (a dry run: nothing is
 * written), then 「確認匯入」 applies it and shows what was done. A file the server cannot read, or
 * one whose rows are all refused or unchanged, writes nothing.
 */
export function ClientImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const run = useImportClients();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState<{ file: File; percent: number; apply: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);

  // A check still running when the dialog closes is dropped (it writes nothing).
  useEffect(() => () => abort.current?.abort(), []);

  function reset() {
    abort.current?.abort();
    run.reset();
    setRefusal(null);
    setSending(null);
    setStep({ kind: 'choose' });
  }

  async function send(file: File, apply: boolean) {
    run.reset();
    const controller = new AbortController();
    abort.current = controller;
    setSending({ file, percent: 0, apply });
    try {
      const report = await run.mutateAsync({
        file,
        dryRun: !apply,
        signal: apply ? undefined : controller.signal,
        onProgress: (percent) => setSending((s) => (s ? { ...s, percent } : s)),
      });
      setStep({ kind: apply ? 'applied' : 'checked', file, report });
      if (apply) {
        const sentence = importSuccessText(t, report);
        if (report.created + report.updated > 0) message.success(sentence);
        else message.warning(sentence);
      }
    } catch {
      // Shown below by the one error display; a cancelled check shows nothing.
    } finally {
      if (abort.current === controller) abort.current = null;
      setSending(null);
    }
  }

  function choose(file: File) {
    const problem = importRefusalOf(t, file);
    setRefusal(problem);
    if (!problem) void send(file, false);
  }

  const applying = sending?.apply === true;
  const report = step.kind === 'choose' ? null : step.report;
  const nothingToApply = step.kind === 'checked' && step.report.created + step.report.updated === 0;
  const failed = run.isError && !(run.error instanceof DOMException && run.error.name === 'AbortError');

  const footer =
    step.kind === 'applied'
      ? [
          <Button key="close" type="primary" onClick={onClose}>
            {t('clientList.sheet.close')}
          </Button>,
        ]
      : [
          step.kind === 'checked' && (
            <Button key="another" onClick={reset} disabled={applying}>
              {t('clientList.sheet.chooseAnother')}
            </Button>
          ),
          <Button key="cancel" onClick={onClose} disabled={applying}>
            {t('common.cancel')}
          </Button>,
          step.kind === 'checked' && (
            <Button
              key="confirm"
              type="primary"
              loading={applying}
              disabled={nothingToApply}
              onClick={() => void send(step.file, true)}
            >
              {t('clientList.sheet.confirm')}
            </Button>
          ),
        ].filter(Boolean);

  return (
    <Modal
      open
      title={t('clientList.sheet.importTitle')}
      width={920}
      className="client-import"
      onCancel={onClose}
      // A write under way finishes before the dialog may go, so its report is not lost.
      closable={!applying}
      keyboard={!applying}
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
    >
      {step.kind === 'choose' ? (
        <>
          <Typography.Paragraph type="secondary">{t('clientList.sheet.importHint')}</Typography.Paragraph>
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={sending !== null}
            beforeUpload={(file) => {
              choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">{t('clientList.sheet.drop')}</p>
            <p className="ant-upload-hint">{t('clientList.sheet.dropHint')}</p>
          </Upload.Dragger>
        </>
      ) : (
        <>
          <Typography.Paragraph className="client-import__file">
            {t('clientList.sheet.fileName', { name: step.file.name })}
          </Typography.Paragraph>
          {step.kind === 'checked' && (
            <Alert
              className="client-import__state"
              type={nothingToApply ? 'warning' : 'info'}
              showIcon
              title={nothingToApply ? t('clientList.sheet.nothingToApply') : t('clientList.sheet.preview')}
            />
          )}
          {step.kind === 'applied' && (
            <Alert
              className="client-import__state"
              type={step.report.refused > 0 ? 'warning' : 'success'}
              showIcon
              title={t('clientList.sheet.done')}
              description={
                <>
                  <div>{importSuccessText(t, step.report)}</div>
                  {step.report.refused > 0 && (
                    <div>{t('clientList.sheet.refusedRows', { count: step.report.refused })}</div>
                  )}
                </>
              }
            />
          )}
        </>
      )}
      {sending && (
        <div className="client-import__progress" role="status">
          <Typography.Text>
            {t(sending.apply ? 'clientList.sheet.applying' : 'clientList.sheet.checking', {
              name: sending.file.name,
            })}
          </Typography.Text>
          <Progress
            percent={sending.percent}
            status="active"
            aria-label={t('clientList.sheet.uploaded', { percent: sending.percent })}
          />
        </div>
      )}
      {refusal && (
        <Alert
          className="client-import__state"
          type="warning"
          showIcon
          role="alert"
          title={refusal}
          closable={{ onClose: () => setRefusal(null) }}
        />
      )}
      {failed && (
        <ErrorAlert
          className="client-import__state"
          error={run.error}
          title={
            step.kind === 'checked' ? t('clientList.sheet.applyFailed') : t('clientList.sheet.checkFailed')
          }
        />
      )}
      {report && <ClientImportReportView report={report} />}
    </Modal>
  );
}
