/**
 * A legal document (legalTemplates.ts, filled) laid out as an A4 PDF: the title, the opening, the
 * numbered clauses, and the signature block, in Noto Sans TC embedded as a subset (Chinese and
 * English alike). Lines break between any two CJK characters and between Latin words; a clause
 * that does not fit continues on the next page, every page numbered 「第 n 頁，共 N 頁」 with the
 * document's reference at the foot.
 */
import type { FilledDocument } from '@dealflow/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { cjkFontBytes } from './fonts.ts';
import { fontkitForPdfLib } from './stamp.ts';

export interface LegalPdfMeta {
  /** The document's reference printed at the foot of each page (`NDA-000123`). */
  reference: string;
  /** Who signs (printed under the signature line). */
  signerName: string;
  /** The platform's party (the other signature). */
  partyName: string;
  /** The document's metadata: title, author, creation time (fixed for reproducible bytes). */
  createdAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = { top: 72, bottom: 72, left: 64, right: 64 };
const BODY_SIZE = 11;
const LINE = 1.7;
const INK = rgb(0.13, 0.13, 0.13);
const GREY = rgb(0.4, 0.4, 0.4);

/** CJK ideographs, kana, full-width forms and CJK punctuation: a line may break before any of them. */
const CJK = '\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef\\u3000-\\u303f';
const CJK_CHAR = new RegExp(`[${CJK}]`);
/** Tokens: one CJK character each, a run of other non-space characters, or spaces. */
const TOKENS = new RegExp(`[${CJK}]|[^\\s${CJK}]+|\\s+`, 'g');
const isCjk = (ch: string) => CJK_CHAR.test(ch);
/** Punctuation a line may not start with (。，、；：」）…). */
const NO_LINE_START = /^[。，、；：！？」』）》〉％,.;:!?)\]%]/;

/** Breaks text into lines no wider than `width`: any CJK character may end a line, Latin breaks at spaces. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    // Tokens: one CJK character each, or a run of non-space Latin, or spaces.
    const tokens = paragraph.match(TOKENS) ?? [''];
    let line = '';
    for (const token of tokens) {
      const candidate = line + token;
      if (line === '' || font.widthOfTextAtSize(candidate.trimEnd(), size) <= width) {
        line = candidate;
        continue;
      }
      if (NO_LINE_START.test(token) && isCjk(token)) {
        // Keep closing punctuation with the character before it (a line may run a little long).
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = /^\s+$/.test(token) ? '' : token;
      // A single Latin word wider than the line: cut it by characters.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

export async function renderLegalDocumentInThisThread(
  doc: FilledDocument,
  meta: LegalPdfMeta,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkitForPdfLib);
  const regular = await pdf.embedFont(await cjkFontBytes('regular'), { subset: true });
  const bold = await pdf.embedFont(await cjkFontBytes('bold'), { subset: true });
  pdf.setTitle(doc.title);
  pdf.setAuthor(meta.partyName);
  pdf.setCreator('Dealflow');
  pdf.setProducer('Dealflow');
  pdf.setLanguage(doc.lang === 'zh-TW' ? 'zh-TW' : 'en');
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);

  const width = A4[0] - MARGIN.left - MARGIN.right;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN.top;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN.top;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN.bottom) newPage();
  };
  const write = (text: string, font: PDFFont, size: number, indent = 0, color = INK) => {
    for (const line of wrapText(text, font, size, width - indent)) {
      ensure(size * LINE);
      y -= size * LINE;
      page.drawText(line, { x: MARGIN.left + indent, y, size, font, color });
    }
  };

  // Title, centred.
  const titleSize = 20;
  for (const line of wrapText(doc.title, bold, titleSize, width)) {
    y -= titleSize * 1.4;
    const w = bold.widthOfTextAtSize(line, titleSize);
    page.drawText(line, { x: (A4[0] - w) / 2, y, size: titleSize, font: bold, color: INK });
  }
  y -= 16;
  write(doc.opening, regular, BODY_SIZE);
  y -= 8;

  const numbering = (i: number) => (doc.lang === 'zh-TW' ? `第${toChineseNumber(i + 1)}條` : `${i + 1}.`);
  doc.clauses.forEach((clause, i) => {
    // A heading never stands alone at the foot of a page.
    ensure(BODY_SIZE * LINE * 3);
    y -= 6;
    write(`${numbering(i)}　${clause.heading}`, bold, BODY_SIZE + 1);
    write(clause.body, regular, BODY_SIZE, 12);
  });

  // Signature block.
  ensure(150);
  y -= 40;
  const half = width / 2 - 10;
  const labels =
    doc.lang === 'zh-TW'
      ? { party: '立書人（平台）', signer: '立書人（簽署人）', date: '日期：' }
      : { party: 'For the platform', signer: 'Signer', date: 'Date:' };
  const block = (x: number, label: string, name: string) => {
    page.drawText(label, { x, y, size: BODY_SIZE, font: bold, color: INK });
    page.drawLine({ start: { x, y: y - 40 }, end: { x: x + half, y: y - 40 }, thickness: 0.6, color: GREY });
    for (const [j, line] of wrapText(name, regular, BODY_SIZE, half).slice(0, 2).entries())
      page.drawText(line, { x, y: y - 56 - j * BODY_SIZE * 1.4, size: BODY_SIZE, font: regular, color: INK });
    page.drawText(labels.date, { x, y: y - 92, size: BODY_SIZE, font: regular, color: GREY });
  };
  block(MARGIN.left, labels.party, meta.partyName);
  block(MARGIN.left + half + 20, labels.signer, meta.signerName);

  // Page numbers and the reference at the foot of every page.
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const footer =
      doc.lang === 'zh-TW'
        ? `${meta.reference}　第 ${i + 1} 頁，共 ${pages.length} 頁`
        : `${meta.reference}  Page ${i + 1} of ${pages.length}`;
    const size = 9;
    const w = regular.widthOfTextAtSize(footer, size);
    p.drawText(footer, { x: (A4[0] - w) / 2, y: MARGIN.bottom / 2, size, font: regular, color: GREY });
  });

  return pdf.save({ useObjectStreams: true });
}

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 1 → 一, 10 → 十, 12 → 十二, 20 → 二十 (clause numbers stay under 100). */
export function toChineseNumber(n: number): string {
  if (n < 10) return DIGITS[n] ?? String(n);
  if (n < 20) return `十${n % 10 === 0 ? '' : DIGITS[n % 10]}`;
  if (n < 100) return `${DIGITS[Math.floor(n / 10)]}十${n % 10 === 0 ? '' : DIGITS[n % 10]}`;
  return String(n);
}
