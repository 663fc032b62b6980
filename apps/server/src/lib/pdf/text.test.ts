import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { stampInThisThread } from './stamp.ts';
import { extractText, pdfFonts, pdfFontsEmbedded } from './text.ts';

async function stamped(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return stampInThisThread(await doc.save(), { top: '機密文件', confidential: true });
}

/**
 * The same PDF with the glyph locations of its first embedded TrueType font pointing past the
 * glyph data: what a broken subsetter writes. The text still extracts; no reader can draw it.
 */
async function withBrokenGlyphTable(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    const program = object.lookup(PDFName.of('FontFile2'));
    if (!(program instanceof PDFRawStream)) continue;
    const font = Buffer.from(decodePDFRawStream(program).decode());
    const tables = new Map<string, number>();
    for (let i = 0; i < font.readUInt16BE(4); i++) {
      const at = 12 + i * 16;
      tables.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
    }
    const head = tables.get('head') ?? 0;
    const loca = tables.get('loca') ?? 0;
    const long = font.readInt16BE(head + 50) === 1;
    const glyphs = font.readUInt16BE((tables.get('maxp') ?? 0) + 4);
    for (let g = 1; g <= glyphs; g++) {
      if (long) font.writeUInt32BE(0x00ff0000 + g * 64, loca + g * 4);
      else font.writeUInt16BE(0xff00 + g, loca + g * 2);
    }
    object.set(PDFName.of('FontFile2'), doc.context.register(doc.context.flateStream(font)));
    break;
  }
  return doc.save();
}

describe('pdfFonts', () => {
  it('finds a subset font whose glyphs cannot be drawn, though its text still extracts', async () => {
    const sound = await stamped();
    expect(await pdfFontsEmbedded(sound)).toBe(true);
    const broken = await withBrokenGlyphTable(sound);
    expect((await extractText(broken))[0]).toContain('機密文件');
    const fonts = await pdfFonts(broken);
    expect(fonts.some((f) => f.embedded && f.brokenGlyphs > 0)).toBe(true);
    expect(await pdfFontsEmbedded(broken)).toBe(false);
  });

  it('tells a standard font named but not embedded', async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('Hello', { font: helvetica, x: 10, y: 10 });
    const fonts = await pdfFonts(await doc.save());
    expect(fonts).toEqual([{ name: 'Helvetica', subtype: 'Type1', embedded: false, brokenGlyphs: 0 }]);
  });
});
