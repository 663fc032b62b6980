import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  CLIENT_FILE_KINDS,
  CLIENT_FILE_MAX_BYTES,
  type Client,
  type ClientFile,
  type ClientFileKind,
  formatDateTime,
  UPLOAD_ACCEPT,
  uploadTypeOfName,
} from '@dealflow/domain';
import { Alert, Button, Empty, Select, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../clientRecords.css';
import { type DataColumn, DataTable } from '../../../shared/components/DataTable.tsx';
import { ErrorAlert, useErrorToast } from '../../../shared/components/ErrorAlert.tsx';
import type { FieldDef } from '../../../shared/fields/index.ts';
import { useLabel } from '../../../shared/i18n/label.ts';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import {
  clientFileContentPath,
  downloadClientFile,
  useClientFiles,
  useDeleteClientFile,
  useUpdateClientFile,
  useUploadClientFile,
} from '../api/clientRecordsApi.ts';
import { RecordFormModal } from './RecordFormModal.tsx';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/** A size as people read it: bytes, KB or MB (1 KB = 1024 bytes, as file managers show). */
export function fileSizeText(t: TFunction, bytes: number): string {
  if (bytes < 1024) return t('clientRecords.files.size.bytes', { count: bytes });
  if (bytes < 1024 * 1024) return t('clientRecords.files.size.kb', { count: Math.round(bytes / 1024) });
  const mb = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return t('clientRecords.files.size.mb', { count: mb });
}

/**
 * Why a chosen file is refused before any byte is sent (the server checks the bytes again): over
 * 20 MB, or a name that says no accepted kind of document. Null when it may go.
 */
export function refusalOf(t: TFunction, file: { name: string; size: number }): string | null {
  if (file.size > CLIENT_FILE_MAX_BYTES) {
    return t('clientRecords.files.tooLarge', { name: file.name, size: fileSizeText(t, file.size) });
  }
  if (!uploadTypeOfName(file.name)) return t('clientRecords.files.wrongType', { name: file.name });
  return null;
}

interface EditValues {
  name: string;
  kind: ClientFileKind;
}

/**
 * 檔案: a client's documents. Upload with progress (refused at once when too big or of a kind the
 * platform does not keep), download through the authorised route, rename or re-kind, and delete
 * after a confirmation. `editable`: the viewer may change the client's records.
 */
export function ClientFilesTab({ client, editable }: { client: Client; editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = useFeedback();
  const showError = useErrorToast();
  const files = useClientFiles(client.id);
  const upload = useUploadClientFile(client.id);
  const update = useUpdateClientFile(client.id);
  const remove = useDeleteClientFile(client.id);
  const [kind, setKind] = useState<ClientFileKind>('other');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [inFlight, setInFlight] = useState<UploadFile[]>([]);
  const [editing, setEditing] = useState<ClientFile | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<ClientFile | null>(null);

  const kindOptions = CLIENT_FILE_KINDS.map((k) => ({ value: k, label: label('clientFileKind', k) }));

  async function download(file: ClientFile) {
    setDownloading(file.id);
    try {
      await downloadClientFile(client.id, file);
    } catch (error) {
      showError(error, t('clientRecords.files.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  }

  function confirmDelete(file: ClientFile) {
    modal.confirm({
      title: t('clientRecords.files.deleteTitle', { name: file.name }),
      content: t('clientRecords.files.deleteBody'),
      okText: t('clientRecords.files.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(file.id);
          message.success(t('clientRecords.files.deleted', { name: file.name }));
        } catch (error) {
          showError(error);
        }
      },
    });
  }

  const columns: DataColumn<ClientFile>[] = [
    {
      key: 'name',
      title: t('clientRecords.files.column.name'),
      dataIndex: 'name',
      render: (name: string, file) => (
        <Space size={0}>
          <Button
            type="link"
            className="client-file__name"
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading === file.id}
            aria-label={t('clientRecords.files.download', { name })}
            onClick={() => void download(file)}
          >
            {name}
          </Button>
          {file.mime === 'application/pdf' && (
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined aria-hidden />}
              aria-label={t('pdfViewer.openFile', { name })}
              title={t('pdfViewer.open')}
              onClick={() => setPreviewing(file)}
            />
          )}
        </Space>
      ),
    },
    {
      key: 'kind',
      title: t('clientRecords.files.column.kind'),
      dataIndex: 'kind',
      render: (k: ClientFileKind) => <Tag>{label('clientFileKind', k)}</Tag>,
    },
    {
      key: 'size',
      title: t('clientRecords.files.column.size'),
      dataIndex: 'size',
      align: 'right',
      render: (size: number) => fileSizeText(t, size),
    },
    {
      key: 'uploaded_by',
      title: t('clientRecords.files.column.uploadedBy'),
      dataIndex: 'uploaded_by',
      render: (person: ClientFile['uploaded_by']) => person?.name ?? t('common.none'),
    },
    {
      key: 'created_at',
      title: t('clientRecords.files.column.uploadedAt'),
      dataIndex: 'created_at',
      render: (at: string) => formatDateTime(at),
    },
  ];
  if (editable) {
    columns.push({
      key: 'actions',
      title: t('clientRecords.files.column.actions'),
      fixed: 'right',
      render: (_: unknown, file) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('clientRecords.files.edit', { name: file.name })}
            onClick={() => setEditing(file)}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('clientRecords.files.delete', { name: file.name })}
            onClick={() => confirmDelete(file)}
          />
        </Space>
      ),
    });
  }

  const editFields: FieldDef[] = [
    {
      name: 'name',
      label: t('clientRecords.files.name'),
      kind: 'text',
      required: t('clientRecords.files.nameRequired'),
      max: 255,
      autoFocus: true,
      rules: [{ pattern: /^[^/\\]*$/, message: t('clientRecords.files.nameInvalid') }],
    },
    { name: 'kind', label: t('clientRecords.files.kind'), kind: 'select', options: kindOptions },
  ];

  const rows = files.data?.result ?? [];
  return (
    <div className="client-files">
      {editable && (
        <div className="client-files__upload">
          <Space wrap>
            <Select<ClientFileKind>
              aria-label={t('clientRecords.files.kind')}
              value={kind}
              onChange={setKind}
              options={kindOptions}
              className="client-files__kind"
            />
            <Upload
              accept={UPLOAD_ACCEPT}
              multiple
              fileList={inFlight}
              onChange={({ fileList }) => setInFlight(fileList.filter((f) => f.status === 'uploading'))}
              beforeUpload={(file) => {
                const problem = refusalOf(t, file);
                setRefusal(problem);
                if (problem) return Upload.LIST_IGNORE;
                setUploadError(null);
                return true;
              }}
              customRequest={({ file, onProgress, onSuccess, onError }) => {
                const chosen = file as File;
                upload
                  .mutateAsync({
                    file: chosen,
                    kind,
                    onProgress: (percent) => onProgress?.({ percent }),
                  })
                  .then((saved) => {
                    onSuccess?.(saved);
                    message.success(t('clientRecords.files.uploaded', { name: saved.name }));
                  })
                  .catch((error: unknown) => {
                    setUploadError(error);
                    onError?.(error as Error);
                  });
              }}
            >
              <Button type="primary" icon={<UploadOutlined aria-hidden />}>
                {t('clientRecords.files.upload')}
              </Button>
            </Upload>
          </Space>
          <Typography.Paragraph type="secondary" className="client-files__hint">
            {t('clientRecords.files.hint')}
          </Typography.Paragraph>
          {refusal && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              title={t('clientRecords.files.refusedTitle')}
              description={refusal}
              closable={{ onClose: () => setRefusal(null) }}
            />
          )}
          {uploadError !== null && (
            <ErrorAlert
              error={uploadError}
              title={t('clientRecords.files.refusedTitle')}
              onClose={() => setUploadError(null)}
            />
          )}
        </div>
      )}
      {files.isError ? (
        <ErrorAlert error={files.error} title={t('clientRecords.loadError')} />
      ) : (
        <DataTable<ClientFile>
          tableId="client-files"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={files.isPending}
          pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
          locale={{
            emptyText: files.isPending ? (
              <span />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  editable ? t('clientRecords.files.empty') : t('clientRecords.files.readOnlyEmpty')
                }
              />
            ),
          }}
        />
      )}
      <PdfViewerModal
        path={previewing ? clientFileContentPath(client.id, previewing.id) : null}
        title={previewing?.name}
        onClose={() => setPreviewing(null)}
      />
      {editing && (
        <RecordFormModal<EditValues>
          name="client-file"
          title={t('clientRecords.files.editTitle')}
          fields={editFields}
          initial={{ name: editing.name, kind: editing.kind }}
          onSubmit={async (values) => {
            await update.mutateAsync({
              id: editing.id,
              body: { name: values.name.trim(), kind: values.kind },
            });
            message.success(t('clientRecords.files.saved'));
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
