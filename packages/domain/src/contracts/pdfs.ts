import { z } from 'zod';

/**
 * PDF tools (SPEC section 7 "Static, platform, files"; issue 12): the watermark stamp
 * (`PUT /static_api/v1/pdfs/header`) and PDF to HTML (`GET /static_api/v1/pdfs/html`).
 */

/** Largest PDF the stamp takes (issue 12: documents up to 50 MB), counted while it streams in. */
export const PDF_MAX_BYTES = 50 * 1024 * 1024;
/** Most pages one stamp does (a data-room document; more is refused rather than tying a worker up). */
export const PDF_STAMP_MAX_PAGES = 2000;
/** Most pages one PDF-to-HTML rendering gives (a contract is tens of pages). */
export const PDF_HTML_MAX_PAGES = 300;
/** Longest top or bottom line of a stamp. */
export const PDF_STAMP_TEXT_MAX = 200;
/** SPEC section 9: a PDF-to-HTML page is 595 by 842 (A4 in points) unless asked otherwise. */
export const PDF_HTML_DEFAULT_SIZE = { width: 595, height: 842 } as const;

// C0 and C1 controls, DEL, and the line and paragraph separators: a stamp line is one line of text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

const stampText = z
  .string()
  .max(PDF_STAMP_TEXT_MAX)
  .refine((v) => !CONTROL.test(v), { message: 'must not contain control characters' });

/** A switch given by its mere presence (`?logo`), or explicitly (`logo=true|1`, `logo=false|0`). */
const presenceFlag = z
  .enum(['', '1', '0', 'true', 'false'])
  .transform((v) => v === '' || v === '1' || v === 'true');

/**
 * `bottom=true` (or `1`, or present and empty) stamps the default bottom line (the platform name
 * and page n / N); `bottom=false|0` none; any other text is the bottom line itself.
 */
const bottomLine = stampText.transform((v): string | boolean => {
  if (v === '' || v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return v;
});

export const PdfStampQuery = z.object({
  top: stampText.optional(),
  bottom: bottomLine.optional(),
  logo: presenceFlag.optional(),
  confidential: presenceFlag.optional(),
});
export type PdfStampQuery = z.infer<typeof PdfStampQuery>;

const pageSide = (fallback: number) => z.coerce.number().int().min(100).max(5000).default(fallback);

/**
 * `url` names a file of our own storage (`/api/v1/files/{id}/content`, relative or under the
 * configured public origin); the route refuses anything else before reading it (no fetch, ever).
 */
export const PdfHtmlQuery = z.object({
  url: z.string().min(1).max(2048),
  width: pageSide(PDF_HTML_DEFAULT_SIZE.width),
  height: pageSide(PDF_HTML_DEFAULT_SIZE.height),
});
export type PdfHtmlQuery = z.infer<typeof PdfHtmlQuery>;
