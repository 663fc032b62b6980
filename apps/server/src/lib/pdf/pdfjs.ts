/**
 * pdf.js (pdfjs-dist 5.4, the version react-pdf 10 uses; 6 wants Node 22) for reading PDFs on the
 * server: the legacy build, which runs in Node. Its CJK character maps and standard font data come
 * from the package folder, so a PDF in a predefined Chinese encoding extracts as text too.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PdfProblem } from './problems.ts';

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | null = null;
export function pdfjs(): Promise<PdfJs> {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
}

/**
 * Opens a PDF with pdf.js and hands it to `use`, destroying it afterwards. Encrypted and damaged
 * files are PDF_UNREADABLE. The bytes are copied: pdf.js may take over the buffer it is given.
 */
export async function withPdfjsDocument<T>(
  pdf: Uint8Array,
  use: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(pdf),
    cMapUrl: `${path.join(pdfjsDir, 'cmaps')}${path.sep}`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}${path.sep}`,
    // Nothing from a document is ever compiled to code, and no system font is looked up.
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name;
    throw new PdfProblem(
      'PDF_UNREADABLE',
      name === 'PasswordException' ? 'The PDF is password-protected' : 'The file is not a readable PDF',
    );
  }
  try {
    return await use(doc);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
