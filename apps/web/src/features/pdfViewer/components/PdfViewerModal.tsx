import { useQuery } from '@tanstack/react-query';
import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/components/ErrorAlert.tsx';
import { type PdfSource, pdfSourceOf } from '../pdfSource.ts';
import '../pdfViewer.css';

// pdf.js and react-pdf load when a document is first opened, never with a page.
const PdfViewer = lazy(async () => ({ default: (await import('./PdfViewer.tsx')).PdfViewer }));

interface CommonProps {
  /** The document's name, the dialog's title. */
  title?: string;
  onClose: () => void;
}

export type PdfViewerModalProps = CommonProps &
  (
    | {
        /** The authorised API path of the PDF's bytes (fetched with the session's token). */
        path: string | null;
        source?: undefined;
      }
    | {
        /** Where the bytes come from when no path serves them. */
        source: PdfSource | null;
        path?: undefined;
      }
  );

/**
 * The PDF viewer in a dialog (the whole screen on a phone): loads the bytes (through the
 * authorised route of `path`, or the caller's `source`), then shows them in PdfViewer. Open while
 * `path` or `source` is set.
 */
export function PdfViewerModal(props: PdfViewerModalProps) {
  const { title, onClose } = props;
  const { t } = useTranslation();
  const source = pdfSourceOf(props);
  const bytes = useQuery({
    queryKey: ['pdf-bytes', ...(source?.key ?? [])],
    queryFn: ({ signal }) => {
      if (!source) throw new Error('No PDF to load');
      return source.load(signal);
    },
    enabled: source !== null,
    // The bytes are the document as it is now, kept only while the dialog shows it.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const name = title ?? t('pdfViewer.title');
  const loading = <Spin className="pdf-viewer__spin" description={t('pdfViewer.loading')} />;
  return (
    <Modal
      open={source !== null}
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
