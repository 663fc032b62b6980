import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { withPdfjsDocument } from './pdfjs.ts';
import { PdfWorkerPool } from './pool.ts';
import { CONFIDENTIAL_MARK, formatStampTime, stampInThisThread, viewerStampOptions } from './stamp.ts';

async function pages(specs: Array<{ size: [number, number]; rotate?: number }>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of specs) {
    const page = doc.addPage(spec.size);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
  }
  return doc.save();
}

/** Where each piece of text shows on the page as a reader sees it (pdf.js viewport, y down). */
async function placements(pdf: Uint8Array) {
  return withPdfjsDocument(pdf, async (doc) => {
    const { Util } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const out: Array<
      Array<{ str: string; x: number; y: number; angle: number; width: number; height: number }>
    > = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      out.push(
        content.items.flatMap((item) => {
          if (!('str' in item) || !item.str.trim()) return [];
          const tx = Util.transform(viewport.transform, item.transform);
          const angle = Math.round((Math.atan2(tx[1] ?? 0, tx[0] ?? 1) * 180) / Math.PI);
          return [
            {
              str: item.str,
              x: tx[4] ?? 0,
              y: tx[5] ?? 0,
              angle,
              width: viewport.width,
              height: viewport.height,
            },
          ];
        }),
      );
    }
    return out;
  });
}

describe('stampInThisThread', () => {
  it('puts the top line at the top and the bottom line at the bottom of what the reader sees, upright, on every page size and rotation', async () => {
    const input = await pages([
      { size: [595, 842] },
      { size: [842, 595] },
      { size: [612, 792], rotate: 90 },
      { size: [595, 842], rotate: 180 },
      { size: [595, 842], rotate: 270 },
    ]);
    const out = await stampInThisThread(input, {
      top: '頂端 TOP',
      bottom: '底部',
      logo: true,
      confidential: true,
    });
    const seen = await placements(out);
    expect(seen).toHaveLength(5);
    for (const [i, items] of seen.entries()) {
      const top = items.find((it) => it.str.includes('頂端 TOP'));
      const bottom = items.find((it) => it.str.includes('底部'));
      const mark = items.find((it) => it.str.includes(CONFIDENTIAL_MARK));
      expect(top, `page ${i + 1}`).toBeDefined();
      expect(bottom, `page ${i + 1}`).toBeDefined();
      expect(mark, `page ${i + 1}`).toBeDefined();
      // Upright lines, near the visual top and bottom edges; the mark rises across the page.
      expect(top?.angle, `page ${i + 1}`).toBe(0);
      expect(bottom?.angle, `page ${i + 1}`).toBe(0);
      expect(top?.y ?? 0, `page ${i + 1}`).toBeLessThan(40);
      expect(bottom?.y ?? 0, `page ${i + 1}`).toBeGreaterThan((bottom?.height ?? 0) - 25);
      expect(mark?.angle ?? 0, `page ${i + 1}`).toBeLessThan(-20);
      expect(mark?.angle ?? 0, `page ${i + 1}`).toBeGreaterThan(-70);
    }
  });

  it("carries an investor's name, email and time for the viewer's copy", async () => {
    const at = new Date('2026-11-26T07:04:00Z');
    expect(formatStampTime(at, 'Asia/Taipei')).toBe('2026-11-26 15:04 (Asia/Taipei)');
    const options = viewerStampOptions({ name: '王小明', email: 'wang@example.com', at });
    const out = await stampInThisThread(await pages([{ size: [595, 842] }]), options);
    const text = (await placements(out))[0]?.map((i) => i.str).join('\n') ?? '';
    expect(text).toContain('王小明 · wang@example.com · 2026-11-26 15:04 (Asia/Taipei)');
    expect(text).toContain(CONFIDENTIAL_MARK);
  });

  it('refuses what is not a PDF with pages', async () => {
    await expect(stampInThisThread(new TextEncoder().encode('not a pdf'), {})).rejects.toMatchObject({
      code: 'PDF_UNREADABLE',
    });
    const empty = await (await PDFDocument.create()).save({ addDefaultPage: false });
    await expect(stampInThisThread(empty, { confidential: true })).rejects.toMatchObject({
      code: 'PDF_UNREADABLE',
    });
  });
});

describe('PdfWorkerPool', () => {
  const pools: PdfWorkerPool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('refuses a job past the queue, and ends a job past its time', async () => {
    const pool = new PdfWorkerPool({ size: 1, queue: 1, timeoutMs: 60_000 });
    pools.push(pool);
    const pdf = await pages([{ size: [595, 842] }]);
    const first = pool.run({ op: 'stamp', pdf, options: { confidential: true } });
    const second = pool.run({ op: 'stamp', pdf, options: { confidential: true } });
    await expect(pool.run({ op: 'stamp', pdf, options: {} })).rejects.toMatchObject({ code: 'PDF_BUSY' });
    expect((await first).length).toBeGreaterThan(0);
    expect((await second).length).toBeGreaterThan(0);

    const hasty = new PdfWorkerPool({ size: 1, queue: 1, timeoutMs: 1 });
    pools.push(hasty);
    await expect(hasty.run({ op: 'stamp', pdf, options: { confidential: true } })).rejects.toMatchObject({
      code: 'PDF_BUSY',
    });
  });

  it('answers a damaged PDF with its problem, and keeps working', async () => {
    const pool = new PdfWorkerPool({ size: 1 });
    pools.push(pool);
    await expect(
      pool.run({ op: 'html', pdf: new TextEncoder().encode('%PDF-1.4 broken'), options: {} }),
    ).rejects.toMatchObject({ code: 'PDF_UNREADABLE', status: 422 });
    const html = await pool.run({ op: 'html', pdf: await pages([{ size: [595, 842] }]), options: {} });
    expect(html).toContain('<section id="page-1"');
  });
});
