import { create as createFontkit } from 'fontkit';
import { degrees, PDFDocument, PDFString, StandardFonts } from 'pdf-lib';
import { cjkFontBytes } from '../src/lib/pdf/fonts.ts';

/**
 * PDFs made in memory for the PDF tests (no binary fixtures): real documents written by pdf-lib.
 */

const fontkit = {
  create: (bytes: Uint8Array) => createFontkit(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

export interface SamplePage {
  size?: [number, number];
  rotate?: 0 | 90 | 180 | 270;
  text?: string;
}

/**
 * A document of the given pages, its text drawn in the embedded CJK font (`cjk`, the default) or
 * in Helvetica, one of the standard fonts that PDFs name without embedding.
 */
export async function samplePdf(pages: SamplePage[], font: 'cjk' | 'helvetica' = 'cjk'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const drawn =
    font === 'cjk'
      ? await doc.embedFont(await cjkFontBytes('regular'), { subset: true })
      : await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, spec] of pages.entries()) {
    const [w, h] = spec.size ?? [595, 842];
    const page = doc.addPage([w, h]);
    page.drawText(spec.text ?? `Page ${i + 1}`, { x: 50, y: h - 120, size: 14, font: drawn });
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
  }
  return Buffer.from(await doc.save());
}

/** `count` A4 pages of a few lines each, the size of a long data-room document. */
export async function longPdf(count: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < count; i++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 30; line++) {
      page.drawText(`Page ${i + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, {
        x: 50,
        y: 780 - line * 22,
        size: 11,
        font,
      });
    }
  }
  return Buffer.from(await doc.save());
}

/**
 * A PDF that says it is encrypted (a standard security handler in its trailer), as a password-
 * protected export is: readers ask for a password, and the stamp must refuse it.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const ctx = doc.context;
  const encrypt = ctx.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    Length: 40,
    P: -44,
    O: PDFString.of('0'.repeat(32)),
    U: PDFString.of('0'.repeat(32)),
  });
  ctx.trailerInfo.Encrypt = ctx.register(encrypt);
  ctx.trailerInfo.ID = ctx.obj([PDFString.of('abc'), PDFString.of('abc')]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF header followed by noise. */
export const garbagePdf = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 251)),
  ]);
