import { FilePdfOutlined, FileImageOutlined, FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/index.ts';
import { errorContent } from '../../shared/components/ErrorAlert.tsx';
import { downloadStoredFile } from '../../shared/files/storedFiles.ts';
import { useIsMobile } from '../../shared/hooks/useIsMobile.ts';
import { PdfViewerModal } from '../pdfViewer/components/PdfViewerModal.tsx';
import { useFeedback } from '../../shared/feedback/index.tsx';

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
 * The files of a case's data room for an investor who may open them (they see the case, and it is
 * not masked to them): the presentation and media of its term sheet. PDFs open in the viewer and
 * download stamped with the reader's name, email and the time (the server stamps them and writes
 * each opening in the case's history). Used inline on the case's 下載專區 and in the drawer.
 */
export function DataRoomFiles({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [viewing, setViewing] = useState<DataRoomFile | null>(null);
  const list = useQuery({
    queryKey: ['dataRoom', caseId],
    queryFn: async () =>
      (await api.get<{ data: DataRoomFile[] }>(`/api/internal/v1/me/cases/${caseId}/files`)).data,
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
    <>
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
    </>
  );
}

/** The data room in a drawer (opened from a signed NDA in the investor's contracts). */
export function DataRoomDrawer({
  caseRef,
  onClose,
}: {
  caseRef: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={caseRef !== null}
      onClose={onClose}
      title={t('dataRoom.title', { name: caseRef?.name ?? '' })}
      size={isMobile ? '100%' : 520}
      destroyOnHidden
    >
      {caseRef ? <DataRoomFiles caseId={caseRef.id} /> : null}
    </Drawer>
  );
}
