import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBytes } from '../../../shared/api/transfer.ts';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import '../pdfViewer.css';

// pdf.js and react-pdf load when a document is first opened, never with a page.
const PdfViewer = lazy(async () => ({ default: (await import('./PdfViewer.tsx')).PdfViewer }));

export interface PdfViewerModalProps {
  /** The authorised API path of the PDF's bytes (fetched with the session's token). */
  path: string | null;
  /** The document's name, the dialog's title. */
  title?: string;
  onClose: () => void;
}

/**
 * The PDF viewer in a dialog (the whole screen on a phone): fetches the bytes through the
 * authorised route, then shows them in PdfViewer. Open while `path` is set.
 */
export function PdfViewerModal({ path, title, onClose }: PdfViewerModalProps) {
  const { t } = useTranslation();
  const bytes = useQuery({
    queryKey: ['pdf-bytes', path],
    queryFn: ({ signal }) => fetchBytes(path ?? '', signal),
    enabled: path !== null,
    // The bytes are the document as it is now, kept only while the dialog shows it.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const name = title ?? t('pdfViewer.title');
  const loading = <Spin className="pdf-viewer__spin" description={t('pdfViewer.loading')} />;
  return (
    <Modal
      open={path !== null}
      onCancel={onClose}
      title={name}
      footer={null}
      destroyOnHidden
      width="min(1000px, 100vw)"
      className="pdf-viewer-modal"
    >
      {bytes.isError ? (
        <ErrorAlert error={bytes.error} title={t('pdfViewer.loadError')} />
      ) : bytes.data ? (
        <Suspense fallback={loading}>
          <PdfViewer data={bytes.data} title={name} />
        </Suspense>
      ) : (
        loading
      )}
    </Modal>
  );
}
