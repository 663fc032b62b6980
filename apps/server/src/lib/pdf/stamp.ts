/// <reference path="./fontkit.d.ts" />
/**
 * The platform's stamp on a PDF (SPEC section 7 `pdfs/header`, issue 12): a top line, a bottom
 * line, the platform's mark and a diagonal 「機密 CONFIDENTIAL」 on every page, drawn in the CJK
 * font so Traditional Chinese shows as written.
 *
 * - Pages keep their content, size and rotation: the stamp is placed in what a reader sees (the
 *   crop box, turned by the page's /Rotate), so a landscape page or one rotated 90° gets its top
 *   line at its visual top, reading upright.
 * - The page's own drawing state cannot move the stamp: pdf-lib wraps existing content in q … Q.
 * - Damaged, encrypted or password-protected files are refused (PDF_UNREADABLE), never half stamped.
 * - The work runs in a worker thread (pool.ts): `stampPdf` hands it over; `stampInThisThread` is
 *   what the worker runs.
 */
import { create as createFontkit } from 'fontkit';
import { degrees, EncryptedPDFError, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { PDF_STAMP_MAX_PAGES } from '@dealflow/domain';
import { cjkFontBytes } from './fonts.ts';
import { runPdfJob } from './pool.ts';
import { PdfProblem } from './problems.ts';

export interface StampOptions {
  /** A line at the top of every page. */
  top?: string;
  /** `true`: the platform's name and the page number; a string: that line (with the page number). */
  bottom?: string | boolean;
  /** The platform's mark at the top left. */
  logo?: boolean;
  /** A light diagonal 「機密 CONFIDENTIAL」 across every page. */
  confidential?: boolean;
}

export const PLATFORM_NAME = 'Dealflow';
export const CONFIDENTIAL_MARK = '機密 CONFIDENTIAL';

const GOLD = rgb(0xb8 / 255, 0x8f / 255, 0x48 / 255);
const TEXT = rgb(0.25, 0.25, 0.25);
const MARK = rgb(0.6, 0.6, 0.6);
const LINE_SIZE = 9;
const MARGIN = 18;

/** The stamped PDF; runs in a worker thread, off the event loop. */
export async function stampPdf(input: Uint8Array, options: StampOptions): Promise<Uint8Array> {
  return runPdfJob({ op: 'stamp', pdf: input, options });
}

/**
 * What an investor's copy carries (issue 12: every PDF an investor opens or downloads is stamped
 * with who, and when): their name and email with the time at the top, the confidential mark across.
 */
export function viewerStampOptions(
  viewer: { name: string; email: string; at: Date },
  timeZone = 'Asia/Taipei',
): StampOptions {
  return {
    top: `${viewer.name} · ${viewer.email} · ${formatStampTime(viewer.at, timeZone)}`,
    bottom: true,
    confidential: true,
  };
}

export function stampForViewer(
  input: Uint8Array,
  viewer: { name: string; email: string; at: Date },
  timeZone?: string,
): Promise<Uint8Array> {
  return stampPdf(input, viewerStampOptions(viewer, timeZone));
}

/** `2026-11-26 15:04 (Asia/Taipei)`: a time anyone reads the same way, with its zone. */
export function formatStampTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${timeZone})`;
}

/** Opens a PDF for changing it, or says why it cannot be (PDF_UNREADABLE). */
export async function openPdf(input: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(input, { updateMetadata: false });
  } catch (err) {
    if (err instanceof EncryptedPDFError) {
      throw new PdfProblem('PDF_UNREADABLE', 'The PDF is encrypted or password-protected');
    }
    throw new PdfProblem('PDF_UNREADABLE', 'The file is not a readable PDF');
  }
  let count: number;
  try {
    count = doc.getPageCount();
  } catch {
    throw new PdfProblem('PDF_UNREADABLE', 'The PDF has no readable page tree');
  }
  if (count === 0) throw new PdfProblem('PDF_UNREADABLE', 'The PDF has no pages');
  if (count > PDF_STAMP_MAX_PAGES) {
    throw new PdfProblem('PDF_TOO_MANY_PAGES', `The PDF has more than ${PDF_STAMP_MAX_PAGES} pages`);
  }
  return doc;
}

/**
 * fontkit 1.9 reads fonts from a Node Buffer (a plain Uint8Array is an "unknown font format");
 * pdf-lib's type for it is its fork's, which 1.9's objects match where pdf-lib uses them.
 */
export const fontkitForPdfLib = {
  create: (bytes: Uint8Array) => createFontkit(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** The stamp itself, in the calling thread (the worker's entry calls this). */
export async function stampInThisThread(input: Uint8Array, options: StampOptions): Promise<Uint8Array> {
  const doc = await openPdf(input);
  // pdf-lib's own fontkit fork writes broken glyph tables when subsetting large CJK fonts (glyphs
  // vanish while the text still extracts): fontkit 1.9 subsets them correctly (docs/decisions/0026).
  doc.registerFontkit(fontkitForPdfLib);
  const wantsText = options.top || options.bottom || options.logo;
  const regular = wantsText ? await doc.embedFont(await cjkFontBytes('regular'), { subset: true }) : null;
  const bold = options.confidential
    ? await doc.embedFont(await cjkFontBytes('bold'), { subset: true })
    : null;
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const view = visualFrame(page);
    if (bold) drawConfidential(view, bold);
    if (regular) drawLines(view, regular, options, index + 1, pages.length);
  });
  return doc.save();
}

/**
 * A page as the reader sees it: `width` × `height` after /Rotate, with a mapping from that view
 * (origin bottom left, y up) to the page's own coordinates and the angle that turns text upright.
 */
interface VisualFrame {
  page: PDFPage;
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  toPage(u: number, v: number): { x: number; y: number };
}

export function visualFrame(page: PDFPage): VisualFrame {
  const box = page.getCropBox();
  const raw = page.getRotation().angle;
  const rotation = ((((Math.round(raw / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const { x: bx, y: by, width: bw, height: bh } = box;
  // Viewers turn the page clockwise by /Rotate; these undo that for a point of the view.
  const toPage = {
    0: (u: number, v: number) => ({ x: bx + u, y: by + v }),
    90: (u: number, v: number) => ({ x: bx + bw - v, y: by + u }),
    180: (u: number, v: number) => ({ x: bx + bw - u, y: by + bh - v }),
    270: (u: number, v: number) => ({ x: bx + v, y: by + bh - u }),
  }[rotation];
  const sideways = rotation === 90 || rotation === 270;
  return { page, width: sideways ? bh : bw, height: sideways ? bw : bh, rotation, toPage };
}

/** Draws text whose baseline starts at (u, v) of the view, at `angle` degrees in the view. */
function drawInView(
  view: VisualFrame,
  text: string,
  u: number,
  v: number,
  style: { font: PDFFont; size: number; color: ReturnType<typeof rgb>; opacity?: number; angle?: number },
) {
  const { x, y } = view.toPage(u, v);
  view.page.drawText(text, {
    x,
    y,
    font: style.font,
    size: style.size,
    color: style.color,
    opacity: style.opacity ?? 1,
    rotate: degrees((style.angle ?? 0) + view.rotation),
  });
}

/** The largest size up to `max` at which the text fits `room` points (not below 4 pt). */
function fittedSize(font: PDFFont, text: string, max: number, room: number): number {
  const at1 = font.widthOfTextAtSize(text, 1);
  if (at1 <= 0) return max;
  return Math.max(4, Math.min(max, room / at1));
}

function drawLines(view: VisualFrame, font: PDFFont, options: StampOptions, n: number, total: number) {
  const room = view.width - 2 * MARGIN;
  let left = MARGIN;
  if (options.logo) left = drawLogo(view, font) + 8;
  if (options.top) {
    const size = fittedSize(font, options.top, LINE_SIZE, view.width - left - MARGIN);
    const width = font.widthOfTextAtSize(options.top, size);
    // Centred on the page when there is room, otherwise right after the mark.
    const u = Math.max(left, (view.width - width) / 2);
    drawInView(view, options.top, u, view.height - MARGIN - size, { font, size, color: TEXT });
  }
  if (options.bottom) {
    const label = typeof options.bottom === 'string' ? options.bottom : PLATFORM_NAME;
    const line = `${label}    ${n} / ${total}`;
    const size = fittedSize(font, line, LINE_SIZE, room);
    const width = font.widthOfTextAtSize(line, size);
    drawInView(view, line, (view.width - width) / 2, MARGIN, { font, size, color: TEXT });
  }
}

/** The platform mark (the web app's icon: a gold square with a white D) and its name; returns its right edge. */
function drawLogo(view: VisualFrame, font: PDFFont): number {
  const side = 16;
  const u = MARGIN;
  const v = view.height - MARGIN - side + 3;
  // The icon is drawn in its own 32-unit box, scaled and turned with the page.
  const scale = side / 32;
  // drawSvgPath draws with y down from (x, y), its x axis turned by `rotate`: from the view's top
  // left corner of the icon, turned with the page, it lands upright where the reader looks.
  const { x, y } = view.toPage(u, v + side);
  const turn = { x, y, scale, rotate: degrees(view.rotation) };
  view.page.drawSvgPath('M6 0H26A6 6 0 0 1 32 6V26A6 6 0 0 1 26 32H6A6 6 0 0 1 0 26V6A6 6 0 0 1 6 0Z', {
    ...turn,
    color: GOLD,
    borderWidth: 0,
  });
  view.page.drawSvgPath('M9 8h7.5a8 8 0 0 1 0 16H9z', {
    ...turn,
    borderColor: rgb(1, 1, 1),
    borderWidth: 3,
  });
  const size = LINE_SIZE;
  drawInView(view, PLATFORM_NAME, u + side + 4, v + (side - size) / 2 + 1, { font, size, color: GOLD });
  return u + side + 4 + font.widthOfTextAtSize(PLATFORM_NAME, size);
}

function drawConfidential(view: VisualFrame, font: PDFFont) {
  const angle = (Math.atan2(view.height, view.width) * 180) / Math.PI;
  const diagonal = Math.hypot(view.width, view.height);
  const size = fittedSize(font, CONFIDENTIAL_MARK, 96, diagonal * 0.7);
  const width = font.widthOfTextAtSize(CONFIDENTIAL_MARK, size);
  const rad = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
  // Start so the text's middle (along it, and half its cap height across it) is the page's centre.
  const drop = size * 0.35;
  const u = view.width / 2 - (width / 2) * cos + drop * sin;
  const v = view.height / 2 - (width / 2) * sin - drop * cos;
  drawInView(view, CONFIDENTIAL_MARK, u, v, { font, size, color: MARK, opacity: 0.3, angle });
}
