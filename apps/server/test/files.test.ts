import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseDisposition } from 'content-disposition';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOC_MAX_BYTES, IMAGE_MAX_BYTES } from '@dealflow/domain';
import { employees, files } from '../src/db/schema/index.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient, buildStartupUser, signIn, staffSession } from './factories.ts';
import { STORAGE_KINDS, type TestStorage, testStorage } from './s3.ts';
import * as sample from './sampleFiles.ts';
import { multipart, type UploadFile, upload } from './upload.ts';

/**
 * The platform's uploads and stored files (issue 12) on both databases (vitest projects) and both
 * storages (local disk and an S3-compatible server): every route × principal, the upload attacks
 * refused with nothing stored, identical bytes back, concurrent uploads, a dropped connection.
 */

type FileBody = {
  id: number;
  path: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
  kind: 'image' | 'doc';
  type: string;
  owner: { kind: string; id: number };
  created_at: string;
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const MiB = 1024 * 1024;

/** A PNG of `size` bytes (signature, then filler). */
const pngOf = (size: number) => Buffer.concat([sample.png(), Buffer.alloc(size - sample.png().length, 7)]);
const pdfOf = (size: number) => Buffer.concat([sample.pdf(), Buffer.alloc(size - sample.pdf().length, 0x20)]);

const SVG_SCRIPT =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/auth/me")</script></svg>';
const SVG_PLAIN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const HTML = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

interface Principal {
  token: string;
  owner: { kind: 'employee' | 'client' | 'startup'; id: number };
}

describe.each(STORAGE_KINDS)('stored files on %s', (kind) => {
  let t: TestApp;
  let storage: TestStorage;
  let who: Record<
    'admin' | 'ao' | 'ir' | 'sa' | 'investor' | 'otherInvestor' | 'startup' | 'otherStartup',
    Principal
  >;

  beforeAll(async () => {
    storage = await testStorage(kind);
    t = await buildTestApp({}, { storage });
    const db = t.database.db;
    const staff = async (role: 'admin' | 'ao' | 'ir' | 'sa'): Promise<Principal> => {
      const s = await staffSession(t.app, db, role);
      return { token: s.token, owner: { kind: 'employee', id: s.employee.id } };
    };
    const investor = async (): Promise<Principal> => {
      const c = await buildClient(db);
      return { token: await signIn(t.app, 'investor', c.email), owner: { kind: 'client', id: c.id } };
    };
    const startup = async (): Promise<Principal> => {
      const u = await buildStartupUser(db);
      return { token: await signIn(t.app, 'local', u.email), owner: { kind: 'startup', id: u.id } };
    };
    who = {
      admin: await staff('admin'),
      ao: await staff('ao'),
      ir: await staff('ir'),
      sa: await staff('sa'),
      investor: await investor(),
      otherInvestor: await investor(),
      startup: await startup(),
      otherStartup: await startup(),
    };
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const del = (url: string, token?: string) =>
    t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });
  const rowCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
  const stored = async () => (await storage.contents()).length;
  const created = <T = FileBody>(res: LightMyRequestResponse): T => {
    if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
    return (res.json() as { data: T }).data;
  };
  const uploadImage = (token: string | undefined, files: UploadFile[], query = '', fields = {}) =>
    upload(t, `/api/v1/images${query}`, token, files, fields);
  const uploadDoc = (token: string | undefined, files: UploadFile[], query = '?type=other', fields = {}) =>
    upload(t, `/api/v1/docs${query}`, token, files, fields);

  /** The upload is refused with the code, and neither a row nor a byte of it is left. */
  async function expectRefusedLeavingNothing(
    send: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string,
  ) {
    const rows = await rowCount();
    const bytes = await stored();
    expectErrorShape(await send(), status, code);
    expect(await rowCount()).toBe(rows);
    expect(await stored()).toBe(bytes);
  }

  describe('uploads', () => {
    it('takes an image and a document from every signed-in principal, owned by them', async () => {
      for (const p of Object.values(who)) {
        const image = sample.png();
        const img = created(
          await uploadImage(p.token, [{ field: 'image', filename: 'logo.png', data: image }]),
        );
        expect(img).toMatchObject({
          name: 'logo.png',
          size: image.length,
          mime: 'image/png',
          sha256: sha256(image),
          kind: 'image',
          type: 'image',
          owner: p.owner,
          path: `/api/v1/files/${img.id}/content`,
        });
        expect(Object.keys(img).sort()).toEqual(
          ['created_at', 'id', 'kind', 'mime', 'name', 'owner', 'path', 'sha256', 'size', 'type'].sort(),
        );
        const pdf = sample.pdf('契約');
        const doc = created(await uploadDoc(p.token, [{ filename: 'nda.pdf', data: pdf }], '?type=nda'));
        expect(doc).toMatchObject({
          name: 'nda.pdf',
          mime: 'application/pdf',
          kind: 'doc',
          type: 'nda',
          owner: p.owner,
        });
        expect(doc.sha256).toBe(sha256(pdf));
      }
    });

    it('refuses anonymous callers before reading the body', async () => {
      await expectRefusedLeavingNothing(
        () => uploadImage(undefined, [{ field: 'image', filename: 'a.png', data: sample.png() }]),
        401,
        'UNAUTHENTICATED',
      );
      await expectRefusedLeavingNothing(
        () => uploadDoc(undefined, [{ filename: 'a.pdf', data: sample.pdf() }]),
        401,
        'UNAUTHENTICATED',
      );
    });

    it('takes the image in the field named by type, from the query or a field before it', async () => {
      const byQuery = created(
        await uploadImage(
          who.startup.token,
          [{ field: 'avatar', filename: 'me.jpg', data: sample.jpeg() }],
          '?type=avatar',
        ),
      );
      expect(byQuery).toMatchObject({ type: 'avatar', mime: 'image/jpeg', name: 'me.jpg' });
      const byField = created(
        await uploadImage(
          who.startup.token,
          [{ field: 'medias', filename: 'm.gif', data: sample.gif() }],
          '',
          { type: 'medias' },
        ),
      );
      expect(byField.type).toBe('medias');
      // No type given: the field names it.
      expect(
        created(
          await uploadImage(who.ao.token, [{ field: 'images', filename: 'w.webp', data: sample.webp() }]),
        ).type,
      ).toBe('images');
      // A type whose field does not hold the file: nothing taken.
      await expectRefusedLeavingNothing(
        () =>
          uploadImage(
            who.ao.token,
            [{ field: 'image', filename: 'a.png', data: sample.png() }],
            '?type=avatar',
          ),
        400,
        'FILE_MISSING',
      );
      await expectRefusedLeavingNothing(
        () => uploadImage(who.ao.token, [{ field: 'file', filename: 'a.png', data: sample.png() }]),
        400,
        'FILE_MISSING',
      );
      await expectRefusedLeavingNothing(
        () =>
          uploadImage(
            who.ao.token,
            [{ field: 'image', filename: 'a.png', data: sample.png() }],
            '?type=banner',
          ),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('takes the document type from the query or a field sent after the file, and requires one', async () => {
      const after = multipart([{ filename: 'plan.xlsx', data: await sample.xlsx() }]);
      // A field after the file: the closing boundary is replaced by the field and a new close.
      const boundary = after.headers['content-type'].split('boundary=')[1];
      const body = Buffer.concat([
        after.payload.subarray(0, after.payload.lastIndexOf(`--${boundary}--`)),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nbudget_plan\r\n--${boundary}--\r\n`,
        ),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/docs',
        headers: { ...after.headers, ...bearer(who.investor.token) },
        payload: body,
      });
      expect(created(res)).toMatchObject({ type: 'budget_plan', name: 'plan.xlsx', kind: 'doc' });
      await expectRefusedLeavingNothing(
        () => uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }], ''),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefusedLeavingNothing(
        () =>
          uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }], '?type=nda', {
            type: 'loi',
          }),
        400,
        'VALIDATION_FAILED',
      );
      await expectRefusedLeavingNothing(
        () =>
          uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }], '', { type: 'bogus' }),
        400,
        'VALIDATION_FAILED',
      );
    });
    it('lets a reviewer link read files but neither upload nor delete', async () => {
      const post = (url: string, token: string | undefined, payload: unknown) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: token ? bearer(token) : {},
          payload: payload as object,
        });
      const link = created<{ token: string }>(
        await post('/api/internal/v1/auth/reviewer-tokens', who.admin.token, {
          employee_id: who.admin.owner.id,
        }),
      );
      const session = created<{ token: string }>(
        await post('/api/internal/v1/auth/reviewer', undefined, { token: link.token }),
      ).token;
      const file = created(await uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }]));
      expect((await get(file.path, session)).statusCode).toBe(200);
      await expectRefusedLeavingNothing(
        () => uploadDoc(session, [{ filename: 'b.pdf', data: sample.pdf() }]),
        403,
        'FORBIDDEN',
      );
      await expectRefusedLeavingNothing(
        () => uploadImage(session, [{ field: 'image', filename: 'b.png', data: sample.png() }]),
        403,
        'FORBIDDEN',
      );
      expectErrorShape(await del(`/api/v1/files/${file.id}`, session), 403, 'FORBIDDEN');
      expect((await get(file.path, who.investor.token)).statusCode).toBe(200);
    });
  });

  describe('upload attacks: refused, and nothing stored', () => {
    it('refuses an image over 10 MB and a document over 50 MB while they stream', async () => {
      await expectRefusedLeavingNothing(
        () =>
          uploadImage(who.investor.token, [
            { field: 'image', filename: 'big.png', data: pngOf(IMAGE_MAX_BYTES + 1) },
          ]),
        413,
        'IMAGE_TOO_LARGE',
      );
      await expectRefusedLeavingNothing(
        () => uploadDoc(who.investor.token, [{ filename: 'big.pdf', data: pdfOf(DOC_MAX_BYTES + 1) }]),
        413,
        'DOC_TOO_LARGE',
      );
      // Exactly at the limit is taken.
      expect(
        created(
          await uploadImage(who.investor.token, [
            { field: 'image', filename: 'max.png', data: pngOf(IMAGE_MAX_BYTES) },
          ]),
        ).size,
      ).toBe(IMAGE_MAX_BYTES);
    });

    it('refuses wrong magic bytes behind a .pdf name, SVG with or without script, and HTML', async () => {
      const token = who.startup.token;
      await expectRefusedLeavingNothing(
        () => uploadDoc(token, [{ filename: 'invoice.pdf', type: 'application/pdf', data: sample.exe() }]),
        415,
        'DOC_TYPE_NOT_ALLOWED',
      );
      for (const [name, data] of [
        ['x.svg', SVG_SCRIPT],
        ['plain.svg', SVG_PLAIN],
        ['page.html', HTML],
        ['page.txt.html', HTML],
      ] as const) {
        await expectRefusedLeavingNothing(
          () => uploadDoc(token, [{ filename: name, type: 'image/svg+xml', data }]),
          415,
          'DOC_TYPE_NOT_ALLOWED',
        );
        await expectRefusedLeavingNothing(
          () => uploadImage(token, [{ field: 'image', filename: name, type: 'image/svg+xml', data }]),
          415,
          'IMAGE_TYPE_NOT_ALLOWED',
        );
      }
      // An image is no document, a document no image.
      await expectRefusedLeavingNothing(
        () => uploadDoc(token, [{ filename: 'a.png', data: sample.png() }]),
        415,
        'DOC_TYPE_NOT_ALLOWED',
      );
      await expectRefusedLeavingNothing(
        () => uploadImage(token, [{ field: 'image', filename: 'a.png', data: sample.pdf() }]),
        415,
        'IMAGE_TYPE_NOT_ALLOWED',
      );
    });

    it('refuses a zip bomb dressed as a Word document', async () => {
      const bomb = await sample.docxBomb(300);
      await expectRefusedLeavingNothing(
        () => uploadDoc(who.investor.token, [{ filename: 'report.docx', data: bomb }]),
        413,
        'ARCHIVE_TOO_LARGE',
      );
    });

    it('refuses two files in one request, a missing file and a body that is not multipart', async () => {
      const token = who.ir.token;
      await expectRefusedLeavingNothing(
        () =>
          uploadDoc(token, [
            { filename: 'a.pdf', data: sample.pdf() },
            { filename: 'b.pdf', data: sample.pdf() },
          ]),
        400,
        'FILE_MISSING',
      );
      await expectRefusedLeavingNothing(
        () => uploadDoc(token, [], '?type=other', { note: 'no file' }),
        400,
        'FILE_MISSING',
      );
      await expectRefusedLeavingNothing(
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/images',
            headers: bearer(token),
            payload: { image: 'x' },
          }),
        400,
        'FILE_MISSING',
      );
    });

    it('keeps a name for display only: no path, NUL, control or reordering characters, and the real extension', async () => {
      const token = who.investor.token;
      const cases: Array<[string, string]> = [
        ['../../etc/passwd', 'passwd.pdf'],
        ['..\\..\\boot.ini', 'boot.ini.pdf'],
        ['a\u0000b\u0007c.pdf', 'abc.pdf'],
        ['invoice\u202efdp.exe', 'invoicefdp.exe.pdf'],
        ['..', 'document.pdf'],
      ];
      for (const [sent, kept] of cases) {
        const file = created(await uploadDoc(token, [{ filename: sent, data: sample.pdf() }]));
        expect(file.name).toBe(kept);
        const res = await get(file.path, token);
        const header = String(res.headers['content-disposition']);
        expect(parseDisposition(header)).toEqual({ type: 'attachment', parameters: { filename: kept } });
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be sent
        expect(header).not.toMatch(/[\u0000-\u001f\u007f/\\]/);
      }
    });
  });

  describe('reading a stored file', () => {
    it('gives the owner and active staff the record and identical bytes; to other investors and startups it does not exist', async () => {
      const data = await sample.xlsx();
      for (const owner of [who.investor, who.startup, who.ao]) {
        const file = created(
          await uploadDoc(owner.token, [{ filename: 'cap table.xlsx', data }], '?type=cap_table'),
        );
        for (const reader of [owner, who.admin, who.ao, who.ir, who.sa]) {
          const meta = await get(`/api/v1/files/${file.id}`, reader.token);
          expect((meta.json() as { data: FileBody }).data).toEqual(file);
          const res = await get(file.path, reader.token);
          expect(res.statusCode).toBe(200);
          expect(sha256(res.rawPayload)).toBe(sha256(data));
          expect(res.headers['content-type']).toBe(file.mime);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['content-disposition']).toBe('attachment; filename="cap table.xlsx"');
        }
        for (const stranger of [who.investor, who.otherInvestor, who.startup, who.otherStartup].filter(
          (p) => p !== owner,
        )) {
          expectErrorShape(await get(`/api/v1/files/${file.id}`, stranger.token), 404, 'FILE_NOT_FOUND');
          expectErrorShape(await get(file.path, stranger.token), 404, 'FILE_NOT_FOUND');
        }
        expectErrorShape(await get(`/api/v1/files/${file.id}`), 401, 'UNAUTHENTICATED');
        expectErrorShape(await get(file.path), 401, 'UNAUTHENTICATED');
      }
    });

    it('serves images inline, still as their sniffed type and never sniffed by the browser', async () => {
      const file = created(
        await uploadImage(who.startup.token, [
          { field: 'image', filename: 'logo.png', type: 'text/html', data: sample.png() },
        ]),
      );
      const res = await get(file.path, who.startup.token);
      expect(res.headers['content-type']).toBe('image/png');
      expect(parseDisposition(String(res.headers['content-disposition']))).toEqual({
        type: 'inline',
        parameters: { filename: 'logo.png' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    });

    it('answers 404 for an unknown id to everyone, and 400 for one that is no id', async () => {
      for (const p of [who.admin, who.investor, who.startup]) {
        expectErrorShape(await get('/api/v1/files/2000000000', p.token), 404, 'FILE_NOT_FOUND');
        expectErrorShape(await get('/api/v1/files/2000000000/content', p.token), 404, 'FILE_NOT_FOUND');
        expectErrorShape(await del('/api/v1/files/2000000000', p.token), 404, 'FILE_NOT_FOUND');
      }
      expectErrorShape(await get('/api/v1/files/abc', who.admin.token), 400);
      expectErrorShape(await get('/api/v1/files/-1/content', who.admin.token), 400);
    });

    it('stops serving staff whose account was deactivated', async () => {
      const s = await staffSession(t.app, t.database.db, 'admin');
      const file = created(await uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }]));
      expect((await get(file.path, s.token)).statusCode).toBe(200);
      await t.database.db
        .update(employees)
        .set({ status: 'inactive', token_version: s.employee.token_version + 1 })
        .where(eq(employees.id, s.employee.id));
      // Every instance hears of the change (LISTEN/NOTIFY drops the cached account), then refuses the token.
      await waitFor(async () => (await get(file.path, s.token)).statusCode === 401);
      expectErrorShape(await get(`/api/v1/files/${file.id}`, s.token), 401);
    });
  });

  describe('deleting a stored file', () => {
    it('is for its owner or an admin; the row and then the bytes go', async () => {
      const before = await stored();
      const file = created(await uploadDoc(who.investor.token, [{ filename: 'a.pdf', data: sample.pdf() }]));
      expect(await stored()).toBe(before + 1);
      for (const p of [who.ao, who.ir, who.sa]) {
        expectErrorShape(await del(`/api/v1/files/${file.id}`, p.token), 403, 'FILE_OWNER_ONLY');
      }
      for (const p of [who.otherInvestor, who.startup]) {
        expectErrorShape(await del(`/api/v1/files/${file.id}`, p.token), 404, 'FILE_NOT_FOUND');
      }
      expectErrorShape(await del(`/api/v1/files/${file.id}`), 401, 'UNAUTHENTICATED');
      expect((await del(`/api/v1/files/${file.id}`, who.investor.token)).json()).toEqual({
        data: { ok: true },
      });
      expect(await stored()).toBe(before);
      expectErrorShape(await get(file.path, who.admin.token), 404, 'FILE_NOT_FOUND');
      expectErrorShape(await del(`/api/v1/files/${file.id}`, who.investor.token), 404, 'FILE_NOT_FOUND');

      const staffFile = created(
        await uploadImage(who.ao.token, [{ field: 'image', filename: 'a.png', data: sample.png() }]),
      );
      expect((await del(`/api/v1/files/${staffFile.id}`, who.admin.token)).statusCode).toBe(200);
      expect(await stored()).toBe(before);
    });

    it('deletes once when two requests race', async () => {
      const file = created(await uploadDoc(who.startup.token, [{ filename: 'a.pdf', data: sample.pdf() }]));
      const [a, b] = await Promise.all([
        del(`/api/v1/files/${file.id}`, who.startup.token),
        del(`/api/v1/files/${file.id}`, who.admin.token),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    });
  });

  it('keeps concurrent uploads apart: each its own row, key and bytes', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => sample.pdf(`document ${i} ${'x'.repeat(i * 1000)}`));
    const results = await Promise.all(
      bodies.map((data, i) => uploadDoc(Object.values(who)[i % 8]!.token, [{ filename: `d${i}.pdf`, data }])),
    );
    const made = results.map(created);
    expect(new Set(made.map((f) => f.id)).size).toBe(8);
    for (const [i, file] of made.entries()) {
      expect(file.sha256).toBe(sha256(bodies[i]!));
      const res = await get(file.path, who.admin.token);
      expect(sha256(res.rawPayload)).toBe(sha256(bodies[i]!));
    }
  });

  it('leaves nothing when the connection drops mid-upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const rows = await rowCount();
    const before = await storage.contents();
    const boundary = 'dropped-upload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/docs?type=other',
      headers: {
        ...bearer(who.investor.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 20 * MiB),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(pdfOf(2 * MiB));
    // The upload has reached the store (its staging file is there) before the connection goes.
    await waitFor(async () => (await storage.contents()).length > before.length);
    req.destroy();
    await waitFor(async () => (await storage.contents()).length === before.length);
    expect(await storage.contents()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
