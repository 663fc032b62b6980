/// <reference path="./fontkit.d.ts" />
/**
 * The completion certificate of a signed document (issue 12, signing with evidence): A4 pages
 * appended to the signed PDF, in Traditional Chinese with English subtitles, saying what was signed
 * (title, kind, id, the SHA-256 of the document as presented), by whom, when, from where (address,
 * browser), how (the typed name, the drawn signature, the consent statement) and the audit trail.
 *
 * - Every text is wrapped to its column; a long trail continues on further pages, with its header
 *   repeated. Nothing is drawn outside the margins.
 * - Drawn in Noto Sans TC, embedded as a subset (the same font and fontkit as stamp.ts).
 * - Control characters and characters the font has no glyph for are replaced, so what a reader
 *   shows is what extracts.
 * - `appendCertificatePage` runs in the PDF worker pool; `appendCertificateInThisThread` is what
 *   the worker runs.
 */
import { create as createFontkit } from 'fontkit';
import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { cjkFontBytes } from './fonts.ts';
import { runPdfJob } from './pool.ts';
import { PdfProblem } from './problems.ts';
import { openPdf } from './stamp.ts';

export interface CertificateTrailEntry {
  seq: number;
  /** ISO 8601 instant or a Date. */
  at: string | Date;
  /** The event's kind (its Chinese label comes from EVENT_LABELS unless `label` is given). */
  kind: string;
  label?: string;
  /** Who: a name, an email, or 「系統」 for the platform. */
  actor: string;
  ip: string | null;
  /** The event's chain hash (hex); the first 16 characters are shown. */
  hash: string;
}

export interface CertificateEvidence {
  document: { title: string; kind: string; id: string | number; sha256: string };
  signer: {
    name: string;
    email: string;
    signedAt: string | Date;
    ip: string | null;
    userAgent: string | null;
  };
  signature: { typedName: string; drawnPng?: Uint8Array | null };
  /** The statement the signer agreed to before signing. */
  consent: string;
  trail: CertificateTrailEntry[];
}

export const CERTIFICATE_TITLE = '電子簽署完成證明';
export const CERTIFICATE_SUBTITLE = 'Certificate of Completion';

/** Chinese labels of the legal documents' kinds. */
export const DOCUMENT_KIND_LABELS: Record<string, string> = {
  loi: '投資意向書 LOI',
  nda: '保密協議 NDA',
  coi: '利益衝突聲明 COI',
  subscription: '有限合夥認購契約 Subscription',
};

/** Chinese labels of the signing events. */
export const EVENT_LABELS: Record<string, string> = {
  created: '建立文件',
  sent: '寄送簽署邀請',
  viewed: '開啟文件',
  consented: '同意電子簽署',
  code_sent: '寄送驗證碼',
  code_failed: '驗證碼錯誤',
  code_verified: '驗證碼通過',
  signed: '完成簽署',
  sealed: '平台封印',
  declined: '拒絕簽署',
  voided: '作廢',
  downloaded: '下載文件',
};

/** `2026-11-26 15:04:05 (UTC+8)`: Taipei time, which has had no daylight saving since 1979. */
export function formatTaipeiTime(at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '—';
  const t = new Date(date.getTime() + 8 * 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)} (UTC+8)`;
}

/** The PDF with the certificate pages appended; runs in a worker thread, off the event loop. */
export function appendCertificatePage(pdf: Uint8Array, evidence: CertificateEvidence): Promise<Uint8Array> {
  return runPdfJob({ op: 'certificate', pdf, evidence });
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const CONTENT = A4[0] - 2 * MARGIN;
const LABEL_WIDTH = 150;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);
const GOLD = rgb(0xb8 / 255, 0x8f / 255, 0x48 / 255);
const RULE = rgb(0.82, 0.82, 0.82);
const FOOTER_SIZE = 8;

const fontkitForPdfLib = {
  create: (bytes: Uint8Array) => createFontkit(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

export async function appendCertificateInThisThread(
  pdf: Uint8Array,
  evidence: CertificateEvidence,
): Promise<Uint8Array> {
  const doc = await openPdf(pdf);
  doc.registerFontkit(fontkitForPdfLib);
  const regular = await doc.embedFont(await cjkFontBytes('regular'), { subset: true });
  const bold = await doc.embedFont(await cjkFontBytes('bold'), { subset: true });
  let drawn: PDFImage | null = null;
  if (evidence.signature.drawnPng && evidence.signature.drawnPng.byteLength > 0) {
    try {
      drawn = await doc.embedPng(evidence.signature.drawnPng);
    } catch {
      throw new PdfProblem('PDF_UNREADABLE', 'The drawn signature is not a readable PNG image');
    }
  }
  const sheet = new Sheet(doc, regular, bold);
  drawCertificate(sheet, evidence, drawn);
  sheet.finish();
  return doc.save();
}

/** A run of A4 pages written from top to bottom, a new page when the next block does not fit. */
class Sheet {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  private readonly supported: Set<number>;
  /** Drawn at the top of a continuation page (the trail's column header). */
  onNewPage: (() => void) | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.supported = new Set([...regular.getCharacterSet(), ...bold.getCharacterSet()]);
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
    if (this.pages.length > 1) {
      this.text(`${CERTIFICATE_TITLE} ${CERTIFICATE_SUBTITLE}（續 continued）`, MARGIN, this.y - 10, {
        size: 10,
        font: this.bold,
        color: MUTED,
      });
      this.y -= 26;
      this.onNewPage?.();
    }
  }

  /** Room for `height` more points above the footer, or a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SIZE + 8) this.newPage();
  }

  /** One character the fonts can draw for each of the text's (control characters become spaces). */
  clean(text: string): string {
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0) ?? 0xfffd;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += ' ';
      else if ((cp >= 0xd800 && cp <= 0xdfff) || !this.supported.has(cp)) out += '?';
      else out += ch;
    }
    return out;
  }

  /** The text broken into lines no wider than `width` (at word ends for Latin text, anywhere in CJK). */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.clean(text).split(/ {2,}|\s*\n\s*/)) {
      // Tokens: a run of non-space non-CJK characters, a space, or one CJK character.
      const tokens = paragraph.match(
        /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+|\s+/g,
      ) ?? [''];
      let line = '';
      for (const token of tokens) {
        const candidate = line + token;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line.trim()) lines.push(line.trimEnd());
        line = token.trimStart();
        // A token wider than the line (a hash, a long user agent): cut it character by character.
        while (font.widthOfTextAtSize(line, size) > width) {
          let cut = line.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
    }
    return lines;
  }

  text(
    value: string,
    x: number,
    y: number,
    style: { size: number; font?: PDFFont; color?: ReturnType<typeof rgb> },
  ): void {
    this.page.drawText(this.clean(value), {
      x,
      y,
      size: style.size,
      font: style.font ?? this.regular,
      color: style.color ?? INK,
    });
  }

  rule(color = RULE, thickness = 0.6): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness,
      color,
    });
  }

  /** Page numbers, once every page exists. */
  finish(): void {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const line = this.clean(
        `Dealflow · ${CERTIFICATE_TITLE} ${CERTIFICATE_SUBTITLE} · ${i + 1} / ${total}`,
      );
      const width = this.regular.widthOfTextAtSize(line, FOOTER_SIZE);
      page.drawText(line, {
        x: (A4[0] - width) / 2,
        y: MARGIN - 16,
        size: FOOTER_SIZE,
        font: this.regular,
        color: MUTED,
      });
    });
  }
}

function drawCertificate(sheet: Sheet, e: CertificateEvidence, drawn: PDFImage | null): void {
  // Title.
  sheet.text(CERTIFICATE_TITLE, MARGIN, sheet.y - 22, { size: 22, font: sheet.bold });
  sheet.text(CERTIFICATE_SUBTITLE, MARGIN, sheet.y - 40, { size: 12, color: MUTED });
  sheet.y -= 50;
  sheet.rule(GOLD, 1.5);
  sheet.y -= 8;

  section(sheet, '文件', 'Document');
  field(sheet, '文件名稱', 'Title', e.document.title);
  field(sheet, '文件類型', 'Kind', DOCUMENT_KIND_LABELS[e.document.kind] ?? e.document.kind);
  field(sheet, '文件編號', 'Document ID', String(e.document.id));
  field(sheet, '文件雜湊值', 'SHA-256 of the document as presented', e.document.sha256);

  section(sheet, '簽署人', 'Signer');
  field(sheet, '姓名', 'Name', e.signer.name);
  field(sheet, '電子郵件', 'Email', e.signer.email);
  field(sheet, '簽署時間', 'Signed at', formatTaipeiTime(e.signer.signedAt));
  field(sheet, 'IP 位址', 'IP address', e.signer.ip ?? '—');
  field(sheet, '瀏覽器', 'Browser (user agent)', e.signer.userAgent ?? '—', { size: 8.5 });

  section(sheet, '簽名', 'Signature');
  signatureBlock(sheet, e.signature.typedName, drawn);

  section(sheet, '同意聲明', 'Consent');
  paragraph(sheet, e.consent);

  section(sheet, '稽核軌跡', 'Audit trail');
  trailTable(sheet, e.trail);
}

function section(sheet: Sheet, zh: string, en: string): void {
  sheet.ensure(60);
  sheet.y -= 10;
  sheet.text(zh, MARGIN, sheet.y - 12, { size: 12, font: sheet.bold, color: GOLD });
  const zhWidth = sheet.bold.widthOfTextAtSize(sheet.clean(zh), 12);
  sheet.text(en, MARGIN + zhWidth + 8, sheet.y - 12, { size: 9.5, color: MUTED });
  sheet.y -= 17;
  sheet.rule();
  sheet.y -= 5;
}

/** A row: the Chinese label with its English subtitle on the left, the value wrapped on the right. */
function field(sheet: Sheet, zh: string, en: string, value: string, opts: { size?: number } = {}) {
  const size = opts.size ?? 10;
  const lead = size * 1.4;
  const valueWidth = CONTENT - LABEL_WIDTH;
  const lines = sheet.wrap(value, sheet.regular, size, valueWidth);
  const enLines = sheet.wrap(en, sheet.regular, 7, LABEL_WIDTH - 8);
  const height = Math.max(lines.length * lead, 12 + enLines.length * 8.5) + 4;
  sheet.ensure(Math.min(height, 200));
  const top = sheet.y;
  sheet.text(zh, MARGIN, top - 10, { size: 9.5, font: sheet.bold });
  enLines.forEach((line, i) => {
    sheet.text(line, MARGIN, top - 19 - i * 8.5, { size: 7, color: MUTED });
  });
  let y = top;
  for (const line of lines) {
    if (y - lead < MARGIN + FOOTER_SIZE + 8) {
      sheet.newPage();
      y = sheet.y;
    }
    sheet.text(line, MARGIN + LABEL_WIDTH, y - size, { size });
    y -= lead;
  }
  sheet.y = Math.min(y, top - 12 - enLines.length * 8.5) - 4;
}

function paragraph(sheet: Sheet, text: string): void {
  const size = 9.5;
  const lead = size * 1.6;
  for (const line of sheet.wrap(text, sheet.regular, size, CONTENT)) {
    sheet.ensure(lead);
    sheet.text(line, MARGIN, sheet.y - size, { size });
    sheet.y -= lead;
  }
  sheet.y -= 4;
}

function signatureBlock(sheet: Sheet, typedName: string, drawn: PDFImage | null): void {
  const size = 24;
  const lines = sheet.wrap(typedName, sheet.bold, size, CONTENT);
  const imageHeight = drawn ? Math.min(80, drawn.height * Math.min(1, 240 / drawn.width)) : 0;
  sheet.ensure(lines.length * size * 1.3 + imageHeight + 24);
  sheet.text('輸入的姓名 Typed name', MARGIN, sheet.y - 8, { size: 7.5, color: MUTED });
  sheet.y -= 12;
  for (const line of lines) {
    sheet.text(line, MARGIN, sheet.y - size, { size, font: sheet.bold });
    sheet.y -= size * 1.3;
  }
  if (drawn) {
    const scale = Math.min(240 / drawn.width, 80 / drawn.height);
    const width = drawn.width * scale;
    const height = drawn.height * scale;
    sheet.text('手寫簽名 Drawn signature', MARGIN, sheet.y - 10, { size: 7.5, color: MUTED });
    sheet.y -= 14;
    sheet.page.drawImage(drawn, { x: MARGIN, y: sheet.y - height, width, height });
    sheet.y -= height + 4;
  }
  sheet.y -= 4;
}

const COLUMNS: Array<{ zh: string; en: string; width: number }> = [
  { zh: '序', en: 'Seq', width: 22 },
  { zh: '時間', en: 'Time', width: 116 },
  { zh: '事件', en: 'Event', width: 68 },
  { zh: '執行者', en: 'Actor', width: 124 },
  { zh: 'IP', en: 'IP', width: 90 },
  { zh: '雜湊前綴', en: 'Hash prefix', width: CONTENT - 22 - 116 - 68 - 124 - 90 },
];

function trailTable(sheet: Sheet, trail: CertificateTrailEntry[]): void {
  const size = 8;
  const lead = size * 1.35;
  const pad = 6;
  const header = () => {
    let x = MARGIN;
    for (const col of COLUMNS) {
      sheet.text(col.zh, x, sheet.y - 9, { size: 8.5, font: sheet.bold });
      sheet.text(col.en, x, sheet.y - 19, { size: 7, color: MUTED });
      x += col.width;
    }
    sheet.y -= 24;
    sheet.rule();
    sheet.y -= 2;
  };
  sheet.ensure(24 + 3 * lead);
  header();
  sheet.onNewPage = header;
  if (trail.length === 0) {
    sheet.text('（無 none）', MARGIN, sheet.y - 10, { size });
    sheet.y -= 16;
  }
  for (const entry of trail) {
    const cells = [
      String(entry.seq),
      formatTaipeiTime(entry.at),
      entry.label ?? EVENT_LABELS[entry.kind] ?? entry.kind,
      entry.actor,
      entry.ip ?? '—',
      entry.hash.slice(0, 16),
    ];
    const wrapped = cells.map((cell, i) =>
      sheet.wrap(cell, sheet.regular, size, (COLUMNS[i]?.width ?? 40) - pad),
    );
    // A cell is cut at 6 lines: a row never outgrows a page.
    const rows = wrapped.map((lines) =>
      lines.length > 6 ? [...lines.slice(0, 5), `${(lines[5] ?? '').slice(0, -1)}…`] : lines,
    );
    const height = Math.max(...rows.map((l) => l.length)) * lead + 4;
    sheet.ensure(height);
    let x = MARGIN;
    rows.forEach((lines, i) => {
      lines.forEach((line, j) => {
        sheet.text(line, x, sheet.y - size - j * lead, { size });
      });
      x += COLUMNS[i]?.width ?? 0;
    });
    sheet.y -= height;
  }
  sheet.onNewPage = null;
}
