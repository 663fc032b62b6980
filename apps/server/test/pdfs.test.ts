import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_MAX_BYTES, PDF_STAMP_TEXT_MAX } from '@dealflow/domain';
import { CONFIDENTIAL_MARK } from '../src/lib/pdf/stamp.ts';
import { extractText, pdfFonts, pdfFontsEmbedded } from '../src/lib/pdf/text.ts';
import { createLocalFileStore, type FileStore } from '../src/lib/storage.ts';
import type { ReadableFileResolver } from '../src/modules/pdfs/readableFile.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { encryptedPdf, garbagePdf, longPdf, samplePdf } from './pdfSamples.ts';
import * as sample from './sampleFiles.ts';
import { buildCast, type Cast } from './staffCast.ts';
import { multipart } from './upload.ts';

const PUBLIC_URL = 'https://dealflow.test';
const STAMP = '/static_api/v1/pdfs/header';
const HTML = '/static_api/v1/pdfs/html';
const TOP = '臺灣創投 機密文件：僅供王小明閱覽';

let t: TestApp;
let cast: Cast;
let filesDir: string;
let store: FileStore;
/** Files the test's resolver opens: id → store key, type, and who may read it. */
const catalogue = new Map<string, { key: string; mime: string; readers: ReadonlySet<string> }>();

// The resolver the real files module will provide: a file by id, for a principal who may read it.
const resolver: ReadableFileResolver = async (ctx, id) => {
  const entry = catalogue.get(id);
  if (!entry || !ctx.actor || !entry.readers.has(ctx.actor.kind)) return null;
  const { stream } = await store.get(entry.key);
  return { stream, mime: entry.mime, name: `${id}.pdf` };
};

async function keep(id: string, bytes: Buffer, mime: string, readers: string[]) {
  const stored = await store.put(Readable.from([bytes]), {
    maxBytes: PDF_MAX_BYTES,
    tooLarge: () => new Error('big'),
  });
  catalogue.set(id, { key: stored.key, mime, readers: new Set(readers) });
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'dealflow-pdfs-'));
  store = createLocalFileStore(filesDir);
  t = await buildTestApp({ PUBLIC_URL }, { files: store, readableFiles: resolver });
  cast = await buildCast(t);
});

/** Files in the store, temporary ones included (the stamp keeps nothing). */
function storedCount(): number {
  return readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
}

function stamp(token: string | undefined, query: string, file: { filename?: string; data: Buffer }) {
  const body = multipart([
    { filename: file.filename ?? 'deck.pdf', type: 'application/pdf', data: file.data },
  ]);
  return t.app.inject({
    method: 'PUT',
    url: `${STAMP}${query}`,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

const html = (token: string | undefined, url: string, extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `${HTML}?url=${encodeURIComponent(url)}${extra}`,
    headers: token ? bearer(token) : {},
  });

describe('PUT /static_api/v1/pdfs/header (stamp)', () => {
  it('stamps every page of a multi-page PDF: top line, bottom line, mark and 機密 CONFIDENTIAL, fonts embedded', async () => {
    const source = await samplePdf([
      { text: '第一頁 投資意向書' },
      { size: [842, 595], text: '第二頁 橫向' },
      { size: [612, 792], rotate: 90, text: '第三頁 旋轉' },
    ]);
    const before = storedCount();
    const res = await stamp(cast.ao.token, `?top=${encodeURIComponent(TOP)}&bottom=true&logo&confidential`, {
      filename: '意向書.pdf',
      data: source,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment;.*filename\*=UTF-8''%E6%84%8F%E5%90%91%E6%9B%B8\.pdf/,
    );
    const out = res.rawPayload;
    expect(out.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await extractText(out);
    expect(pages).toHaveLength(3);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(CONFIDENTIAL_MARK);
      expect(text).toContain(TOP);
      expect(text).toMatch(new RegExp(`Dealflow\\s+${i + 1} / 3`));
    }
    expect(pages[0]).toContain('第一頁 投資意向書');
    expect(pages[2]).toContain('第三頁 旋轉');
    // Every font embedded, and every glyph of the subset fonts drawable (no silent tofu).
    const fonts = await pdfFonts(out);
    expect(fonts.filter((f) => f.name.includes('NotoSansTC')).length).toBeGreaterThanOrEqual(2);
    expect(fonts.every((f) => f.embedded && f.brokenGlyphs === 0)).toBe(true);
    expect(await pdfFontsEmbedded(out)).toBe(true);
    // Subset: a few kB per font, not the 7 MB of the font file.
    expect(out.length).toBeLessThan(source.length + 200_000);
    expect(storedCount()).toBe(before);
  });

  it('stamps only what is asked: a custom bottom line, no mark when confidential is not given', async () => {
    const res = await stamp(cast.ir.token, `?bottom=${encodeURIComponent('內部資料')}&confidential=false`, {
      data: await samplePdf([{}, {}]),
    });
    expect(res.statusCode).toBe(200);
    const pages = await extractText(res.rawPayload);
    expect(pages[1]).toMatch(/內部資料\s+2 \/ 2/);
    expect(pages.join('')).not.toContain(CONFIDENTIAL_MARK);
  });

  it('sees through the font check: a PDF naming a standard font without embedding it is not "embedded"', async () => {
    const plain = await samplePdf([{}], 'helvetica');
    expect(await pdfFontsEmbedded(plain)).toBe(false);
    const res = await stamp(cast.admin.token, '?confidential', { data: plain });
    expect(res.statusCode).toBe(200);
    const fonts = await pdfFonts(res.rawPayload);
    expect(fonts.find((f) => f.name === 'Helvetica')?.embedded).toBe(false);
    expect(fonts.filter((f) => f.name.includes('NotoSansTC')).every((f) => f.embedded)).toBe(true);
  });

  it('lets every staff role stamp; refuses investors, startups and strangers before reading the upload', async () => {
    const data = await samplePdf([{}]);
    for (const member of [cast.admin, cast.ao, cast.otherAo, cast.ir, cast.sa]) {
      expect((await stamp(member.token, '?confidential', { data })).statusCode).toBe(200);
    }
    expectErrorShape(await stamp(undefined, '?confidential', { data }), 401);
    expectErrorShape(await stamp(cast.investor, '?confidential', { data }), 403, 'WRONG_STRATEGY');
    expectErrorShape(await stamp(cast.startup, '?confidential', { data }), 403, 'WRONG_STRATEGY');
  });

  it('refuses encrypted, damaged and disguised files, keeping nothing', async () => {
    const before = storedCount();
    expectErrorShape(
      await stamp(cast.admin.token, '?confidential', { data: await encryptedPdf() }),
      422,
      'PDF_UNREADABLE',
    );
    expectErrorShape(
      await stamp(cast.admin.token, '?confidential', { data: garbagePdf() }),
      422,
      'PDF_UNREADABLE',
    );
    // A PNG behind a .pdf name and type: the bytes decide.
    expectErrorShape(
      await stamp(cast.admin.token, '?confidential', { data: sample.png() }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    expectErrorShape(
      await stamp(cast.admin.token, '?confidential', { data: sample.exe() }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    expectErrorShape(
      await stamp(cast.admin.token, '?confidential', { data: Buffer.alloc(0) }),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    expect(storedCount()).toBe(before);
  });

  it('refuses an upload over 50 MB while it streams, keeping nothing', async () => {
    const before = storedCount();
    const big = Buffer.alloc(PDF_MAX_BYTES + 1, 0x20);
    Buffer.from('%PDF-1.7\n').copy(big);
    const res = await stamp(cast.admin.token, '?confidential', { data: big });
    expectErrorShape(res, 413, 'PDF_TOO_LARGE');
    expect(storedCount()).toBe(before);
  });

  it('refuses stamp texts with control characters, NUL or over the length limit', async () => {
    const data = await samplePdf([{}]);
    for (const query of [
      `?top=${encodeURIComponent('a\u0007b')}`,
      `?top=${encodeURIComponent('line\nbreak')}`,
      `?bottom=${encodeURIComponent('a\u0000b')}`,
      `?top=${'長'.repeat(PDF_STAMP_TEXT_MAX + 1)}`,
      '?logo=maybe',
    ]) {
      expectErrorShape(await stamp(cast.admin.token, query, { data }), 400);
    }
    expect(
      (await stamp(cast.admin.token, `?top=${'長'.repeat(PDF_STAMP_TEXT_MAX)}`, { data })).statusCode,
    ).toBe(200);
  });

  it('refuses a request without the file, or with the file under another field', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${STAMP}?confidential`,
      headers: bearer(cast.admin.token),
    });
    expectErrorShape(res, 400, 'FILE_MISSING');
    const body = multipart([{ field: 'upload', filename: 'a.pdf', data: await samplePdf([{}]) }]);
    expectErrorShape(
      await t.app.inject({
        method: 'PUT',
        url: STAMP,
        headers: { ...body.headers, ...bearer(cast.admin.token) },
        payload: body.payload,
      }),
      400,
      'FILE_MISSING',
    );
  });

  it('stamps a 100-page PDF in a worker: the server answers other requests meanwhile', async () => {
    const data = await longPdf(100);
    let stampedAt = 0;
    const stamping = stamp(
      cast.admin.token,
      `?top=${encodeURIComponent(TOP)}&bottom=true&logo&confidential`,
      {
        data,
      },
    ).then((res) => {
      stampedAt = performance.now();
      return res;
    });
    // Give the upload a moment to reach the worker, then ask something else.
    await new Promise((r) => setTimeout(r, 50));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const answeredAt = performance.now();
    const res = await stamping;
    expect(health.statusCode).toBeLessThan(500);
    expect(res.statusCode).toBe(200);
    expect(answeredAt).toBeLessThan(stampedAt);
    const pages = await extractText(res.rawPayload);
    expect(pages).toHaveLength(100);
    expect(pages[99]).toMatch(/Dealflow\s+100 \/ 100/);
  });
});

describe('GET /static_api/v1/pdfs/html', () => {
  let canary: Server;
  let canaryHits = 0;
  let canaryOrigin = '';

  beforeAll(async () => {
    // Any request the server made for a url would land here (a file, or a redirect to one).
    canary = createServer((req, res) => {
      canaryHits++;
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: `${PUBLIC_URL}/api/v1/files/contract/content` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(garbagePdf());
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryOrigin = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    await keep(
      'contract',
      await samplePdf([
        { text: '保密協議 第一條 <script>alert(1)</script>' },
        { size: [842, 595], text: '第二頁' },
      ]),
      'application/pdf',
      ['employee', 'client'],
    );
    await keep('staff-only', await samplePdf([{ text: '內部' }]), 'application/pdf', ['employee']);
    await keep('picture', sample.png(), 'image/png', ['employee', 'client']);
  });
  afterAll(async () => {
    await new Promise((resolve) => canary.close(resolve));
  });

  it('renders a stored PDF as HTML pages of the asked size, text escaped, for a relative or our own absolute url', async () => {
    for (const url of ['/api/v1/files/contract/content', `${PUBLIC_URL}/api/v1/files/contract/content`]) {
      const res = await html(cast.investor, url, '&width=390&height=552');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const body = res.body;
      expect(body.startsWith('<!doctype html>')).toBe(true);
      expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(body.match(/<section /g)).toHaveLength(2);
      expect(body).toContain('width:min(100%,390px);aspect-ratio:390/552');
      expect(body).toContain('保密協議 第一條 &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(body).not.toMatch(/<script/i);
    }
    // The defaults of SPEC section 9: 595 by 842.
    const res = await html(cast.admin.token, '/api/v1/files/contract/content');
    expect(res.body).toContain('aspect-ratio:595/842');
  });

  it('answers not found for a file the caller may not read, or that does not exist, and 415 for no PDF', async () => {
    expectErrorShape(await html(cast.investor, '/api/v1/files/staff-only/content'), 404, 'FILE_NOT_FOUND');
    expectErrorShape(await html(cast.investor, '/api/v1/files/nothing-here/content'), 404, 'FILE_NOT_FOUND');
    expect((await html(cast.ir.token, '/api/v1/files/staff-only/content')).statusCode).toBe(200);
    expectErrorShape(
      await html(cast.admin.token, '/api/v1/files/picture/content'),
      415,
      'FILE_TYPE_NOT_ALLOWED',
    );
    expectErrorShape(await html(undefined, '/api/v1/files/contract/content'), 401);
  });

  it('refuses every url that is not our own storage with 400, and fetches nothing', async () => {
    const path = '/api/v1/files/contract/content';
    const host = canaryOrigin.replace('http://', '');
    const refused = [
      `${canaryOrigin}${path}`,
      `${canaryOrigin}/redirect`,
      `http://localhost:${host.split(':')[1]}${path}`,
      `http://[::1]:${host.split(':')[1]}${path}`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://10.0.0.1${path}`,
      `http://192.168.1.1${path}`,
      `https://example.com${path}`,
      'file:///etc/passwd',
      `file://${path}`,
      'data:application/pdf;base64,JVBERi0xLjQK',
      'javascript:alert(1)',
      // Our origin as userinfo, a prefix or a sub-domain of something else.
      `${PUBLIC_URL}@${host}${path}`,
      `https://dealflow.test:x@${host}${path}`,
      `${PUBLIC_URL}.${host}${path}`,
      `${PUBLIC_URL}:8443${path}`,
      `http://dealflow.test${path}`,
      `//${host}${path}`,
      `//dealflow.test${path}`,
      // Encoded and backslashed paths, dots, queries, fragments, whitespace.
      '/api/v1/files/contract%2F..%2F..%2Fetc%2Fpasswd/content',
      '/api/v1/files/..%2fcontract/content',
      '/api/v1/files/%63ontract/content',
      '/api/v1/files/contract/content/..',
      '/api/v1/../v1/files/contract/content',
      '/api/v1/files/./contract/content',
      `/\\${host}${path}`,
      `\\\\${host}${path}`,
      '/api/v1/files/contract\\content',
      `${path}?next=${canaryOrigin}`,
      `${path}#x`,
      ` ${path}`,
      `${path}\n`,
      `${path}\t`,
      '/api/v1/files//content',
      '/api/v1/files/contract/download',
      'api/v1/files/contract/content',
    ];
    for (const url of refused) {
      const res = await html(cast.admin.token, url);
      expect(res.statusCode, url).toBe(400);
      expect(['PDF_URL_NOT_ALLOWED', 'VALIDATION_FAILED'], url).toContain(res.json().error.code);
    }
    // A url given twice is refused too, whichever copy would win.
    const twice = await t.app.inject({
      method: 'GET',
      url: `${HTML}?url=${encodeURIComponent(path)}&url=${encodeURIComponent(`${canaryOrigin}${path}`)}`,
      headers: bearer(cast.admin.token),
    });
    expect(twice.statusCode).toBe(400);
    expect(canaryHits).toBe(0);
  });

  it('refuses a page size out of range', async () => {
    for (const extra of ['&width=0', '&height=-5', '&width=99999', '&width=abc']) {
      expectErrorShape(
        await html(cast.admin.token, '/api/v1/files/contract/content', extra),
        400,
        'VALIDATION_FAILED',
      );
    }
  });
});
