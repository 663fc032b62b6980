import { DeleteOutlined, DownloadOutlined, EyeOutlined, FileOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadStoredFile } from '../../../shared/files/storedFiles.ts';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { fetchablePath, isPdfName, isStoredRef, type TermFile } from '../lib/termSheetFiles.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * One file of the term sheet as a row: its name (or `nameSlot`, an input to rename it), 預覽 for a
 * PDF (the lazy viewer), 下載 through the authorised download, and 移除 when `onRemove` is given.
 * Only a path of this site's API is ever fetched with the session's token.
 */
export function TermSheetFileRow({
  file,
  onRemove,
  nameSlot,
}: {
  file: TermFile;
  onRemove?: () => void;
  nameSlot?: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [previewing, setPreviewing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const name = file.name.trim() || t('cases.termSheet.unnamedFile');
  const path = fetchablePath(file);

  async function download() {
    setDownloading(true);
    try {
      await downloadStoredFile(
        { path, name: file.name.trim() || null },
        { notify: (text) => void message.error(text) },
      );
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="term-file">
      <FileOutlined aria-hidden className="term-file__icon" />
      <div className="term-file__name">
        {nameSlot ?? <Typography.Text className="term-file__text">{name}</Typography.Text>}
        {!isStoredRef(file) && file.path && (
          <Typography.Text type="secondary" className="term-file__path">
            {t('cases.termSheet.oldFilePath', { path: file.path })}
          </Typography.Text>
        )}
      </div>
      <div className="term-file__actions">
        {path && isPdfName(file.name) && (
          <Button
            size="small"
            icon={<EyeOutlined aria-hidden />}
            aria-label={t('pdfViewer.openFile', { name })}
            onClick={() => setPreviewing(true)}
          >
            {t('pdfViewer.open')}
          </Button>
        )}
        <Button
          size="small"
          icon={<DownloadOutlined aria-hidden />}
          loading={downloading}
          aria-label={t('cases.termSheet.downloadFile', { name })}
          onClick={() => void download()}
        >
          {t('cases.termSheet.download')}
        </Button>
        {onRemove && (
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('cases.termSheet.removeFile', { name })}
            onClick={onRemove}
          >
            {t('cases.termSheet.remove')}
          </Button>
        )}
      </div>
      {previewing && <PdfViewerModal path={path} title={name} onClose={() => setPreviewing(false)} />}
    </div>
  );
}
