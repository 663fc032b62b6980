/**
 * PDF to HTML (SPEC section 7 `pdfs/html`, section 9: pages of 595 by 842): one `<section>` per
 * page, the page's text as absolutely placed, selectable spans where pdf.js finds it, so a contract
 * reads (and its text can be copied or searched) on a phone without a PDF viewer.
 *
 * - Positions are percentages of the section and sizes are in container units (`cqw`): the page
 *   keeps its layout at any screen width, scaled down to fit a phone, never wider than asked.
 * - Every character of the PDF goes out as escaped text: a PDF whose text is `<script>` shows those
 *   characters, it cannot add markup. Nothing else from the PDF (names, URLs, fonts) is written.
 * - Page and size caps; the work runs in a worker thread (pool.ts).
 */
import { PDF_HTML_MAX_PAGES } from '@dealflow/domain';
import { pdfjs, withPdfjsDocument } from './pdfjs.ts';
import { runPdfJob } from './pool.ts';
import { PdfProblem } from './problems.ts';

export interface HtmlOptions {
  /** Width of a page section in CSS pixels (595 by default). */
  width?: number;
  /** Height of a page section in CSS pixels (842 by default). */
  height?: number;
  /** The document's title (shown in the browser tab). */
  title?: string;
  /** Most pages converted; more is refused. */
  maxPages?: number;
}

/** The HTML document of a PDF; runs in a worker thread, off the event loop. */
export async function pdfToHtml(pdf: Uint8Array, options: HtmlOptions = {}): Promise<string> {
  return runPdfJob({ op: 'html', pdf, options });
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// Controls (but tab) and lone surrogates have no place in text; a NUL would even be turned into
// U+FFFD by the parser. Dropped rather than escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|[\uD800-\uDFFF]/gu;

/** Text safe anywhere between tags and inside quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(UNSAFE, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const FAMILIES = new Set(['serif', 'sans-serif', 'monospace']);
const num = (n: number) => (Number.isFinite(n) ? Number(n.toFixed(3)) : 0);

/** The HTML document of a PDF, in the calling thread (the worker's entry calls this). */
export async function pdfToHtmlInThisThread(pdf: Uint8Array, options: HtmlOptions = {}): Promise<string> {
  const width = options.width ?? 595;
  const height = options.height ?? 842;
  const maxPages = options.maxPages ?? PDF_HTML_MAX_PAGES;
  const { Util } = await pdfjs();
  const sections = await withPdfjsDocument(pdf, async (doc) => {
    if (doc.numPages > maxPages) {
      throw new PdfProblem('PDF_TOO_MANY_PAGES', `The PDF has more than ${maxPages} pages`);
    }
    const out: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      // The whole page fits the section, centred: a landscape page in a portrait section shrinks.
      const scale = Math.min(width / base.width, height / base.height);
      const viewport = page.getViewport({ scale });
      const dx = (width - viewport.width) / 2;
      const dy = (height - viewport.height) / 2;
      const content = await page.getTextContent();
      const spans: string[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const tx = Util.transform(viewport.transform, item.transform);
        const fontHeight = Math.hypot(tx[2] ?? 0, tx[3] ?? 0);
        if (fontHeight <= 0) continue;
        const style = content.styles[item.fontName];
        const ascent = fontHeight * (style?.ascent || 0.8);
        const angle = Math.atan2(tx[1] ?? 0, tx[0] ?? 1);
        // From the baseline origin to the top left of the glyph box, as pdf.js's text layer places it.
        const left = (tx[4] ?? 0) + dx + (angle === 0 ? 0 : ascent * Math.sin(angle));
        const top = (tx[5] ?? 0) + dy - (angle === 0 ? ascent : ascent * Math.cos(angle));
        const family = style && FAMILIES.has(style.fontFamily) ? `font-family:${style.fontFamily};` : '';
        const turn = angle === 0 ? '' : `transform:rotate(${num((angle * 180) / Math.PI)}deg);`;
        spans.push(
          `<span style="left:${num((left / width) * 100)}%;top:${num((top / height) * 100)}%;` +
            `font-size:${num((fontHeight / width) * 100)}cqw;${family}${turn}">${escapeHtml(item.str)}</span>`,
        );
      }
      out.push(`<section id="page-${n}" aria-label="${n} / ${doc.numPages}">${spans.join('')}</section>`);
      page.cleanup();
    }
    return out;
  });
  const title = escapeHtml(options.title ?? '');
  return [
    '<!doctype html>',
    '<html lang="zh-Hant">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<style>',
    'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
    'body{margin:0;background:#eee;color:#000;font-family:"Noto Sans TC","PingFang TC","Microsoft JhengHei",sans-serif}',
    'main{display:flex;flex-direction:column;align-items:center;gap:12px;padding:12px 0}',
    `section{position:relative;box-sizing:border-box;width:min(100%,${width}px);aspect-ratio:${width}/${height};` +
      'background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.2);container-type:inline-size;overflow:hidden}',
    'section span{position:absolute;white-space:pre;line-height:1;transform-origin:0 0}',
    '</style>',
    '</head>',
    '<body>',
    `<main>${sections.join('\n')}</main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
