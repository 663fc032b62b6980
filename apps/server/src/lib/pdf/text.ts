/// <reference path="./fontkit.d.ts" />
/**
 * What is in a PDF, for checks (tests, and the legal documents that must carry their Chinese text):
 * its text per page (pdf.js), and its fonts, whether each is embedded and whether its glyphs can
 * be drawn (pdf-lib's objects, fontkit for the outlines).
 *
 * Extracting the text back is not enough to know Chinese shows: a font subset with broken glyph
 * tables still maps every glyph to its character (so the text extracts), while readers draw
 * nothing. `pdfFonts` decodes every glyph of each embedded TrueType font to catch exactly that.
 */
import { create as createFontkit } from 'fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { withPdfjsDocument } from './pdfjs.ts';
import { PdfProblem } from './problems.ts';

/** The text of each page, in reading order as pdf.js gives it (items joined, line ends as new lines). */
export async function extractText(pdf: Uint8Array): Promise<string[]> {
  return withPdfjsDocument(pdf, async (doc) => {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text);
      page.cleanup();
    }
    return pages;
  });
}

export interface PdfFontInfo {
  /** The font's /BaseFont. */
  name: string;
  subtype: string;
  /** Its program is in the file (FontFile, FontFile2 or FontFile3), or it is a Type 3 font. */
  embedded: boolean;
  /** Glyphs of an embedded TrueType program that cannot be decoded (a broken subset): 0 when sound. */
  brokenGlyphs: number;
}

const name = (dict: PDFDict, key: string) => {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : '';
};

/** Every font dictionary of the PDF, with where its program is. */
export async function pdfFonts(pdf: Uint8Array): Promise<PdfFontInfo[]> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw new PdfProblem('PDF_UNREADABLE', 'The file is not a readable PDF');
  }
  const fonts: PdfFontInfo[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || name(object, 'Type') !== 'Font') continue;
    const subtype = name(object, 'Subtype');
    const baseFont = name(object, 'BaseFont');
    // Descendant fonts are listed through their Type 0 parent.
    if (subtype === 'CIDFontType0' || subtype === 'CIDFontType2') continue;
    if (subtype === 'Type3') {
      fonts.push({ name: baseFont, subtype, embedded: true, brokenGlyphs: 0 });
      continue;
    }
    let described: PDFDict = object;
    if (subtype === 'Type0') {
      const descendants = object.lookup(PDFName.of('DescendantFonts'));
      const first = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
      if (!(first instanceof PDFDict)) {
        fonts.push({ name: baseFont, subtype, embedded: false, brokenGlyphs: 0 });
        continue;
      }
      described = first;
    }
    const descriptor = described.lookup(PDFName.of('FontDescriptor'));
    const program = (key: string) =>
      descriptor instanceof PDFDict ? descriptor.lookup(PDFName.of(key)) : undefined;
    const files = ['FontFile', 'FontFile2', 'FontFile3'].map(program);
    const embedded = files.some((f) => f instanceof PDFStream);
    const trueType = files[1];
    fonts.push({
      name: baseFont,
      subtype,
      embedded,
      brokenGlyphs:
        trueType instanceof PDFRawStream ? brokenGlyphCount(decodePDFRawStream(trueType).decode()) : 0,
    });
  }
  return fonts;
}

/** Whether every font the PDF uses is embedded and drawable (a PDF without fonts passes). */
export async function pdfFontsEmbedded(pdf: Uint8Array): Promise<boolean> {
  return (await pdfFonts(pdf)).every((f) => f.embedded && f.brokenGlyphs === 0);
}

function brokenGlyphCount(program: Uint8Array): number {
  let font: ReturnType<typeof createFontkit>;
  try {
    font = createFontkit(Buffer.from(program.buffer, program.byteOffset, program.byteLength));
  } catch {
    return Number.POSITIVE_INFINITY;
  }
  let broken = 0;
  for (let id = 0; id < font.numGlyphs; id++) {
    try {
      void font.getGlyph(id).path.commands.length;
    } catch {
      broken++;
    }
  }
  return broken;
}
