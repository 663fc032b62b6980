import { fetchBytes } from '../../shared/api/transfer.ts';

/** Bytes the caller loads itself (a PDF made on request), under a key of its own. */
export interface PdfSource {
  /** Identifies these bytes: a new key loads again. */
  key: readonly unknown[];
  load: (signal: AbortSignal) => Promise<ArrayBuffer>;
}

/** Where the viewer's bytes come from: an authorised API path, or the caller's own loader. */
export interface PdfLocation {
  /** The authorised API path of the PDF's bytes (fetched with the session's token). */
  path?: string | null;
  source?: PdfSource | null;
}

/** The one way the dialog loads: a path is a source fetched through the authorised route. */
export function pdfSourceOf(props: PdfLocation): PdfSource | null {
  if (props.source) return props.source;
  const path = props.path;
  if (path === null || path === undefined) return null;
  return { key: ['path', path], load: (signal) => fetchBytes(path, signal) };
}
