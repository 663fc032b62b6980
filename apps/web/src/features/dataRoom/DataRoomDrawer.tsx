import { FilePdfOutlined, FileImageOutlined, FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/index.ts';
import { errorContent } from '../../shared/components/ErrorAlert.tsx';
import { downloadStoredFile } from '../../shared/files/storedFiles.ts';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { PdfViewerModal } from '../pdfViewer/components/PdfViewerModal.tsx';

interface DataRoomFile {
  file_id: number;
  field: string;
  name: string;
  mime: string;
  size: number;
}

const filePath = (caseId: number, fileId: number, download = false) =>
  `/api/internal/v1/me/cases/${caseId}/files/${fileId}${download ? '?download=1' : ''}`;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A case's data room for an investor who holds a role on it or signed its NDA: the presentation
 * and media of its term sheet. PDFs open in the viewer and download stamped with the reader's
 * name, email and the time (the server stamps them and writes each opening in the case's history).
 */
export function DataRoomDrawer({
  caseRef,
  onClose,
}: {
  caseRef: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [viewing, setViewing] = useState<DataRoomFile | null>(null);
  const caseId = caseRef?.id ?? 0;
  const list = useQuery({
    queryKey: ['dataRoom', caseId],
    queryFn: async () =>
      (await api.get<{ data: DataRoomFile[] }>(`/api/internal/v1/me/cases/${caseId}/files`)).data,
    enabled: caseRef !== null,
  });
  const icon = (f: DataRoomFile) =>
    f.mime === 'application/pdf' ? (
      <FilePdfOutlined aria-hidden />
    ) : f.mime.startsWith('image/') ? (
      <FileImageOutlined aria-hidden />
    ) : (
      <FileOutlined aria-hidden />
    );

  return (
    <Drawer
      open={caseRef !== null}
      onClose={onClose}
      title={t('dataRoom.title', { name: caseRef?.name ?? '' })}
      size={isMobile ? '100%' : 520}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('dataRoom.intro')}</Typography.Paragraph>
      {list.isError ? (
        <Alert type="error" showIcon title={t('dataRoom.loadError')} description={errorContent(list.error)} />
      ) : (
        <List<DataRoomFile>
          loading={list.isPending}
          dataSource={list.data ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataRoom.empty')} />,
          }}
          renderItem={(f) => (
            <List.Item
              actions={[
                ...(f.mime === 'application/pdf'
                  ? [
                      <Button key="read" size="small" onClick={() => setViewing(f)}>
                        {t('dataRoom.read')}
                      </Button>,
                    ]
                  : []),
                <Button
                  key="download"
                  size="small"
                  onClick={() =>
                    void downloadStoredFile(
                      { path: filePath(caseId, f.file_id, true), name: f.name },
                      { notify: (text) => message.error(text) },
                    )
                  }
                >
                  {t('dataRoom.download')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={icon(f)}
                title={f.name}
                description={`${f.field === 'presentationFile' ? t('dataRoom.presentation') : t('dataRoom.media')} ・ ${sizeText(f.size)}`}
              />
            </List.Item>
          )}
        />
      )}
      <PdfViewerModal
        path={viewing ? filePath(caseId, viewing.file_id) : null}
        title={viewing?.name}
        onClose={() => setViewing(null)}
      />
    </Drawer>
  );
}
