import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { escapeHtml, pdfToHtmlInThisThread } from './html.ts';

async function pdfWithLines(lines: string[], pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 780 - i * 30, size: 12, font });
  }
  return doc.save();
}

describe('escapeHtml', () => {
  it('escapes the five characters that start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('drops control characters and lone surrogates, keeps tabs and real characters', () => {
    expect(escapeHtml('a\u0000b\u0007c\u001bd\u0085e\tf')).toBe('abcde\tf');
    expect(escapeHtml('x\uD800y')).toBe('xy');
    expect(escapeHtml('機密 😀')).toBe('機密 😀');
  });
});

describe('pdfToHtmlInThisThread', () => {
  it('writes the text of a hostile PDF as text: no element, attribute or url from it', async () => {
    const pdf = await pdfWithLines([
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "'; background:url(javascript:alert(1)); '",
      '</section></main><iframe src=//evil>',
    ]);
    const html = await pdfToHtmlInThisThread(pdf, { title: '</title><script>x()</script>' });
    expect(html).not.toMatch(/<script|<img|<iframe|<\/title></i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;/section&gt;&lt;/main&gt;&lt;iframe src=//evil&gt;');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>');
    // Only the sections and spans we write, each span's style made of numbers and our own words.
    const tags = [...html.matchAll(/<([a-z]+)[\s>]/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(
      new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'section', 'span']),
    );
    for (const style of html.matchAll(/<span style="([^"]*)"/g)) {
      expect(style[1]).toMatch(
        /^left:-?[\d.]+%;top:-?[\d.]+%;font-size:[\d.]+cqw;(font-family:[a-z-]+;)?(transform:rotate\(-?[\d.]+deg\);)?$/,
      );
    }
  });

  it('makes one section per page at the asked size, and refuses more pages than the cap', async () => {
    const pdf = await pdfWithLines(['Clause 1'], 3);
    const html = await pdfToHtmlInThisThread(pdf, { width: 390, height: 552 });
    expect(html.match(/<section /g)).toHaveLength(3);
    expect(html).toContain('width:min(100%,390px);aspect-ratio:390/552');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    await expect(pdfToHtmlInThisThread(pdf, { maxPages: 2 })).rejects.toMatchObject({
      code: 'PDF_TOO_MANY_PAGES',
    });
  });

  it('refuses what is not a readable PDF', async () => {
    await expect(pdfToHtmlInThisThread(new TextEncoder().encode('%PDF-1.4 nothing'))).rejects.toMatchObject({
      code: 'PDF_UNREADABLE',
    });
  });
});
