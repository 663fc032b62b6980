import type { pdfViewerZhTW } from './pdfViewer.zh-TW.ts';

/** The PDF viewer (issue 12), English. */
export const pdfViewerEn: typeof pdfViewerZhTW = {
  title: 'Document preview',
  open: 'Preview',
  openFile: 'Preview “{{name}}”',
  loading: 'Loading the document…',
  loadError: 'This document cannot be opened',
  passwordProtected:
    'This document is password-protected and cannot be opened here: download it and open it in a PDF reader.',
  toolbar: 'Document toolbar',
  document: 'Document: {{title}}',
  pageOf: 'Page {{page}} of {{count}}',
  previous: 'Previous page',
  next: 'Next page',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  zoomLevel: 'Zoom {{percent}}%',
  fitWidth: 'Fit to width',
  keyboardHint: 'Use the left and right arrow keys to turn pages, plus and minus to zoom.',
};
