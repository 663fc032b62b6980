import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFDict } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appendCertificateInThisThread,
  appendCertificatePage,
  type CertificateEvidence,
  type CertificateTrailEntry,
  formatTaipeiTime,
} from './certificate.ts';
import { withPdfjsDocument } from './pdfjs.ts';
import { pdfPool } from './pool.ts';
import { PdfProblem } from './problems.ts';
import { extractText, pdfFontsEmbedded } from './text.ts';

const HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const LONG_UA = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70 ${'X'.repeat(180)}`;

function entry(seq: number, kind = 'viewed'): CertificateTrailEntry {
  return {
    seq,
    at: new Date(Date.UTC(2026, 10, 26, 6, 0, seq)).toISOString(),
    kind,
    actor: '陳志明 chen.zhiming@example.com',
    ip: '2001:db8:85a3::8a2e:370:7334',
    hash: `${seq.toString(16).padStart(4, '0')}${'f'.repeat(60)}`,
  };
}

function evidence(overrides: Partial<CertificateEvidence> = {}): CertificateEvidence {
  return {
    document: {
      title: '保密協議（新創投資案 甲乙丙科技股份有限公司 A 輪增資）Non-Disclosure Agreement',
      kind: 'nda',
      id: 1234,
      sha256: HASH,
    },
    signer: {
      name: '陳志明',
      email: 'chen.zhiming@example.com',
      signedAt: new Date('2026-11-26T07:04:05Z'),
      ip: '203.0.113.7',
      userAgent: LONG_UA,
    },
    signature: { typedName: '陳志明' },
    consent:
      '本人已閱讀並同意以電子方式簽署本文件，並確認本電子簽章與親筆簽名具有相同之法律效力。I have read this document and agree to sign it electronically; my electronic signature has the same effect as a handwritten one.',
    trail: [
      entry(1, 'created'),
      entry(2, 'sent'),
      entry(3, 'viewed'),
      entry(4, 'consented'),
      entry(5, 'signed'),
    ],
    ...overrides,
  };
}

async function contract(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

/** Every text item of every page with its box, in page units (origin bottom left). */
async function boxes(pdf: Uint8Array) {
  return withPdfjsDocument(pdf, async (doc) => {
    const out: Array<{ page: number; str: string; x: number; y: number; w: number; pw: number; ph: number }> =
      [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, , pw = 0, ph = 0] = page.view;
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        out.push({
          page: n,
          str: item.str,
          x: item.transform[4],
          y: item.transform[5],
          w: item.width,
          pw,
          ph,
        });
      }
    }
    return out;
  });
}

/** A 4×2 opaque RGB PNG. */
function png(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.concat([
    Buffer.from([0, ...Array(12).fill(20)]),
    Buffer.from([0, ...Array(12).fill(200)]),
  ]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

afterAll(() => pdfPool().close());

describe('appendCertificatePage', () => {
  it('appends an A4 certificate whose Chinese text, hash, times and trail extract back, with every font embedded', async () => {
    const out = await appendCertificateInThisThread(await contract(2), evidence());
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(3);
    const { width, height } = doc.getPage(2).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    const [, , page] = await extractText(out);
    const text = (page ?? '').replace(/\n/g, '');
    for (const expected of [
      '電子簽署完成證明',
      'Certificate of Completion',
      '保密協議 NDA',
      '1234',
      HASH,
      '陳志明',
      'chen.zhiming@example.com',
      '2026-11-26 15:04:05 (UTC+8)',
      '203.0.113.7',
      '文件雜湊值',
      '簽署人',
      '同意聲明',
      '本電子簽章與親筆簽名具有相同之法律效力',
      '稽核軌跡',
      '建立文件',
      '寄送簽署邀請',
      '同意電子簽署',
      '完成簽署',
      '2026-11-26 14:00:05 (UTC+8)',
      '0005ffffffffffff',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Only the prefix of a trail hash is shown.
    expect(text).not.toContain(`0005${'f'.repeat(13)}`);
    expect(await pdfFontsEmbedded(out)).toBe(true);
  });

  it('wraps long texts so that nothing leaves the page, and continues a long trail on more pages with its header', async () => {
    const trail = Array.from({ length: 80 }, (_, i) => entry(i + 1));
    const out = await appendCertificateInThisThread(
      await contract(1),
      evidence({
        trail,
        document: { ...evidence().document, title: `${'極長的文件名稱'.repeat(30)}${'W'.repeat(200)}` },
      }),
    );
    const pages = await extractText(out);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const last = pages.at(-1) ?? '';
    expect(last).toContain('（續 continued）');
    expect(last).toContain('執行者');
    expect(pages.join('\n')).toContain('0050ffffffffffff');
    // The user agent is wrapped, not cut: all of it is there.
    expect(pages.join('').replace(/\n/g, '')).toContain(`Edg/131.0.2903.70${'X'.repeat(180)}`);
    const items = await boxes(out);
    const certificate = items.filter((i) => i.page > 1);
    expect(certificate.length).toBeGreaterThan(100);
    for (const item of certificate) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(20);
      expect(item.x + item.w, item.str).toBeLessThanOrEqual(item.pw - 40);
      expect(item.y, item.str).toBeGreaterThanOrEqual(20);
      expect(item.y, item.str).toBeLessThanOrEqual(item.ph - 40);
    }
    expect(await pdfFontsEmbedded(out)).toBe(true);
  });

  it('draws the drawn signature image when given, and refuses bytes that are not a PNG', async () => {
    const out = await appendCertificateInThisThread(
      await contract(1),
      evidence({ signature: { typedName: '陳志明', drawnPng: png() } }),
    );
    const doc = await PDFDocument.load(out);
    const resources = doc.getPage(1).node.Resources();
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    expect(xobjects).toBeInstanceOf(PDFDict);
    expect((xobjects as PDFDict).keys().length).toBe(1);
    expect((await extractText(out))[1]).toContain('手寫簽名');

    await expect(
      appendCertificateInThisThread(
        await contract(1),
        evidence({ signature: { typedName: 'x', drawnPng: new Uint8Array([1, 2, 3]) } }),
      ),
    ).rejects.toBeInstanceOf(PdfProblem);
  });

  it('replaces control characters, lone surrogates and characters the font lacks, and still embeds every font', async () => {
    const out = await appendCertificateInThisThread(
      await contract(1),
      evidence({
        signer: {
          ...evidence().signer,
          name: 'Eve\u0000\u0007\u202e 😈 \ud800 王',
          userAgent: 'agent\r\nInjected: header\u0085',
          ip: null,
        },
        trail: [],
      }),
    );
    const text = (await extractText(out))[1] ?? '';
    const unwanted = [...text].filter((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      return (cp < 0x20 && ch !== '\n') || cp === 0x85 || (cp >= 0xd800 && cp <= 0xdfff);
    });
    expect(unwanted).toEqual([]);
    expect(text).toContain('王');
    expect(text).toContain('（無 none）');
    expect(await pdfFontsEmbedded(out)).toBe(true);
  });

  it('runs in the worker pool', async () => {
    const out = await appendCertificatePage(await contract(1), evidence());
    expect((await extractText(out))[1]).toContain('電子簽署完成證明');
  });

  it('formats times in Taipei with seconds', () => {
    expect(formatTaipeiTime('2026-12-31T16:30:00Z')).toBe('2027-01-01 00:30:00 (UTC+8)');
    expect(formatTaipeiTime('not a time')).toBe('—');
  });
});
