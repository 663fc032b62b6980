import {
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
  ColumnWidthOutlined,
} from '@ant-design/icons';
import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { clampPage, FIT_WIDTH, nextZoom, pageWidthFor, viewerKey, ZOOM_STEPS } from '../viewerState.ts';

// Set here, in the module that renders react-pdf (its README: elsewhere its default may win).
// The worker is a file of our own build, allowed by the CSP (worker-src 'self').
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

// Character maps (Chinese text in predefined encodings) and standard fonts, emitted by the build
// under the pdf.js version (vite.config.ts, pdfjsAssets). Nothing is compiled from a document.
const assets = `${import.meta.env.BASE_URL}assets/pdfjs-${pdfjs.version}/`;
const OPTIONS = {
  cMapUrl: `${assets}cmaps/`,
  cMapPacked: true,
  standardFontDataUrl: `${assets}standard_fonts/`,
  isEvalSupported: false,
};

export interface PdfViewerProps {
  /** The PDF's bytes (copied: pdf.js takes over the buffer it is given). */
  data: ArrayBuffer;
  /** What the document is, for screen readers. */
  title: string;
}

/**
 * A PDF, one page at a time: previous and next (and ←/→), page n of N, zoom in and out from
 * "fit to width", which is where it opens — on a phone the page is as wide as the screen.
 * Loaded only with the viewer (PdfViewerModal imports it lazily): pdf.js stays out of every
 * page's first download.
 */
export function PdfViewer({ data, title }: PdfViewerProps) {
  const { t } = useTranslation();
  const file = useMemo(() => ({ data: new Uint8Array(data.slice(0)) }), [data]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(FIT_WIDTH);
  const [locked, setLocked] = useState(false);
  const [room, setRoom] = useState(0);
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const go = (to: number) => setPage(clampPage(to, count));

  // The keys work wherever focus is while the viewer shows (it is the dialog's whole content),
  // except in a text field; with a modifier they stay the browser's.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action = viewerKey(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'previous') setPage((p) => clampPage(p - 1, count));
      else if (action === 'next') setPage((p) => clampPage(p + 1, count));
      else if (action === 'zoomIn') setZoom((z) => nextZoom(z, 'in'));
      else if (action === 'zoomOut') setZoom((z) => nextZoom(z, 'out'));
      else setZoom(FIT_WIDTH);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [count]);

  if (locked) return <Alert type="warning" showIcon title={t('pdfViewer.passwordProtected')} />;
  const ready = count > 0;
  const percent = Math.round(zoom * 100);
  return (
    <section
      className="pdf-viewer"
      aria-label={t('pdfViewer.document', { title })}
      aria-describedby="pdf-viewer-hint"
    >
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label={t('pdfViewer.toolbar')}>
        <Space.Compact>
          <Tooltip title={t('pdfViewer.previous')}>
            <Button
              icon={<LeftOutlined aria-hidden />}
              aria-label={t('pdfViewer.previous')}
              disabled={!ready || page <= 1}
              onClick={() => go(page - 1)}
            />
          </Tooltip>
          <Tooltip title={t('pdfViewer.next')}>
            <Button
              icon={<RightOutlined aria-hidden />}
              aria-label={t('pdfViewer.next')}
              disabled={!ready || page >= count}
              onClick={() => go(page + 1)}
            />
          </Tooltip>
        </Space.Compact>
        <Typography.Text className="pdf-viewer__page" aria-live="polite">
          {ready ? t('pdfViewer.pageOf', { page, count }) : t('pdfViewer.loading')}
        </Typography.Text>
        <Space.Compact>
          <Tooltip title={t('pdfViewer.zoomOut')}>
            <Button
              icon={<ZoomOutOutlined aria-hidden />}
              aria-label={t('pdfViewer.zoomOut')}
              disabled={!ready || zoom <= ZOOM_STEPS[0]}
              onClick={() => setZoom((z) => nextZoom(z, 'out'))}
            />
          </Tooltip>
          <Tooltip title={t('pdfViewer.zoomIn')}>
            <Button
              icon={<ZoomInOutlined aria-hidden />}
              aria-label={t('pdfViewer.zoomIn')}
              disabled={!ready || zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!}
              onClick={() => setZoom((z) => nextZoom(z, 'in'))}
            />
          </Tooltip>
          <Tooltip title={t('pdfViewer.fitWidth')}>
            <Button
              icon={<ColumnWidthOutlined aria-hidden />}
              aria-label={t('pdfViewer.fitWidth')}
              aria-pressed={zoom === FIT_WIDTH}
              disabled={!ready}
              onClick={() => setZoom(FIT_WIDTH)}
            />
          </Tooltip>
        </Space.Compact>
        <Typography.Text type="secondary" className="pdf-viewer__zoom">
          <span className="visually-hidden">{t('pdfViewer.zoomLevel', { percent })}</span>
          <span aria-hidden>{percent}%</span>
        </Typography.Text>
      </div>
      <p id="pdf-viewer-hint" className="visually-hidden">
        {t('pdfViewer.keyboardHint')}
      </p>
      <div className="pdf-viewer__stage" ref={stage}>
        <Document
          file={file}
          options={OPTIONS}
          onLoadSuccess={({ numPages }) => {
            setCount(numPages);
            setPage((p) => clampPage(p, numPages));
          }}
          onPassword={() => setLocked(true)}
          loading={<Spin className="pdf-viewer__spin" description={t('pdfViewer.loading')} />}
          error={<Alert type="error" showIcon title={t('pdfViewer.loadError')} />}
        >
          {ready && room > 0 && (
            <Page
              pageNumber={page}
              width={pageWidthFor(room, zoom)}
              loading={<Spin className="pdf-viewer__spin" />}
              error={<Alert type="error" showIcon title={t('pdfViewer.loadError')} />}
              renderAnnotationLayer={false}
            />
          )}
        </Document>
      </div>
    </section>
  );
}
