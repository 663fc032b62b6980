import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FILE_MAX_BYTES, type ContactStage } from '@dealflow/domain';
import { clientFiles } from '../src/db/schema/index.ts';
import { createLocalFileStore, type FileStore } from '../src/lib/storage.ts';
import { expectStageRefused } from './clientCast.ts';
import { historyOf } from './clientHistory.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildClient } from './factories.ts';
import * as sample from './sampleFiles.ts';
import {
  buildCast,
  caller,
  dataOf,
  expectStrangersRefused,
  failingFields,
  type Cast,
  type ListBody,
  type Method,
} from './staffCast.ts';
import { multipart, upload } from './upload.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
let filesDir: string;
/** Bytes the store read from the last upload it was given. */
let consumed = 0;

type FileBody = {
  id: number;
  client_id: number;
  name: string;
  kind: string;
  size: number;
  mime: string;
  sha256: string;
  uploaded_by: { id: number; name: string } | null;
  created_at: string;
};

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'dealflow-client-files-'));
  const local = createLocalFileStore(filesDir);
  // The real store, counting what it reads from each upload.
  const counting: FileStore = {
    get: (key) => local.get(key),
    delete: (key) => local.delete(key),
    put: (source, options) => {
      consumed = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          consumed += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(source, counter, () => undefined);
      return local.put(counter, options);
    },
  };
  t = await buildTestApp({}, { files: counting });
  cast = await buildCast(t);
  call = caller(t);
});

const filesUrl = (clientId: number) => `/api/internal/v1/clients/${clientId}/files`;

/** Every file the store holds, temporary ones included. */
function storedFiles(): string[] {
  if (!existsSync(filesDir)) return [];
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

async function rowsOf(clientId: number) {
  return t.database.db.select().from(clientFiles).where(eq(clientFiles.client_id, clientId));
}

async function uploadPdf(clientId: number, token = cast.admin.token, name = '投資合約.pdf') {
  const res = await upload(t, filesUrl(clientId), token, [
    { filename: name, type: 'application/pdf', data: sample.pdf(name) },
  ]);
  return dataOf<FileBody>(res);
}

describe('client files: who may use them', () => {
  it('refuses strangers and ao on every route', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p2' });
    const file = await uploadPdf(client.id);
    const routes: Array<[Method, string]> = [
      ['GET', filesUrl(client.id)],
      ['POST', filesUrl(client.id)],
      ['PUT', `${filesUrl(client.id)}/${file.id}`],
      ['DELETE', `${filesUrl(client.id)}/${file.id}`],
      ['GET', `${filesUrl(client.id)}/${file.id}/download`],
    ];
    await expectStrangersRefused(t, cast, routes);
    for (const [method, url] of routes) {
      const body = method === 'PUT' || method === 'POST' ? {} : undefined;
      expectErrorShape(await call(method, url, cast.ao.token, body), 403, 'FORBIDDEN');
    }
  });

  it('follows the client access rule: sa p0–p4, ir p5–p6, both drop, admin all; others get 403', async () => {
    const db = t.database.db;
    const early = await buildClient(db, { process_status: 'p3' });
    const late = await buildClient(db, { process_status: 'p6' });
    const dropped = await buildClient(db, { process_status: 'drop' });
    const rule: Array<[number, ContactStage, { admin: boolean; sa: boolean; ir: boolean }]> = [
      [early.id, 'p3', { admin: true, sa: true, ir: false }],
      [late.id, 'p6', { admin: true, sa: false, ir: true }],
      [dropped.id, 'drop', { admin: true, sa: true, ir: true }],
    ];
    for (const [clientId, stage, allowed] of rule) {
      const file = await uploadPdf(clientId);
      for (const role of ['admin', 'sa', 'ir'] as const) {
        const token = cast[role].token;
        const reads = [
          await call('GET', filesUrl(clientId), token),
          await call('GET', `${filesUrl(clientId)}/${file.id}/download`, token),
        ];
        const writes = [
          await upload(t, filesUrl(clientId), token, [{ filename: 'a.pdf', data: sample.pdf() }]),
          await call('PUT', `${filesUrl(clientId)}/${file.id}`, token, { kind: 'report' }),
        ];
        for (const res of [...reads, ...writes]) {
          if (allowed[role]) expect(res.statusCode, `${role} on client ${clientId}: ${res.body}`).toBe(200);
          else expectStageRefused(res, stage);
        }
      }
      // A refused upload kept nothing: one file per allowed role besides the first.
      const allowedRoles = Object.values(allowed).filter(Boolean).length;
      expect(await rowsOf(clientId)).toHaveLength(1 + allowedRoles);
    }
  });

  it('a download by a staff member who may not see the client is 403, the bytes never sent', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p5' });
    const file = await uploadPdf(client.id, cast.ir.token);
    const res = await call('GET', `${filesUrl(client.id)}/${file.id}/download`, cast.sa.token);
    expectStageRefused(res, 'p5');
    expect(res.body).not.toContain('%PDF');
  });
});

describe('client files: upload, download, rename, delete', () => {
  it('round trip: the bytes come back identical, with the sha256 stored and the history written', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p1' });
    const bytes = sample.pdf('round trip');
    const res = await upload(
      t,
      filesUrl(client.id),
      cast.sa.token,
      [{ filename: 'C:\\Users\\王\\投資合約.pdf', type: 'application/octet-stream', data: bytes }],
      { kind: 'contract' },
    );
    const file = dataOf<FileBody>(res);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(file).toMatchObject({
      client_id: client.id,
      name: '投資合約.pdf',
      kind: 'contract',
      size: bytes.length,
      mime: 'application/pdf',
      sha256,
      uploaded_by: { id: cast.sa.id },
    });
    const [row] = await rowsOf(client.id);
    expect(row).toMatchObject({ sha256, size: bytes.length });
    expect(row!.storage_key).toMatch(/^[0-9a-f]{32}$/);
    expect(storedFiles()).toContain(row!.storage_key);

    const list = dataOf<ListBody<FileBody>>(await call('GET', filesUrl(client.id), cast.sa.token));
    expect(list).toEqual({ result: [file], count: 1 });

    const download = await call('GET', `${filesUrl(client.id)}/${file.id}/download`, cast.sa.token);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="????.pdf"; filename*=UTF-8''${encodeURIComponent('投資合約')}.pdf`,
    );

    const [entry] = await historyOf(t, 'client', client.id);
    expect(entry).toMatchObject({
      action: 'file.create',
      actor_type: 'employee',
      actor_id: cast.sa.id,
      changes: {
        id: { from: null, to: file.id },
        name: { from: null, to: '投資合約.pdf' },
        kind: { from: null, to: 'contract' },
        sha256: { from: null, to: sha256 },
      },
    });
  });

  it('accepts images, Office documents old and new, and CSV, typed by their bytes', async () => {
    const client = await buildClient(t.database.db);
    const cases: Array<[string, Buffer, string, string]> = [
      ['photo.png', sample.png(), 'image/png', 'photo.png'],
      ['scan', sample.jpeg(), 'image/jpeg', 'scan.jpg'],
      [
        'deck.pptx',
        sample.pptx(),
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        'deck.pptx',
      ],
      [
        'book.xlsx',
        await sample.xlsx(),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'book.xlsx',
      ],
      ['memo.doc', sample.ole('WordDocument'), 'application/msword', 'memo.doc'],
      ['名單.csv', sample.csv(), 'text/csv', '名單.csv'],
      // The name says PDF, the bytes say PNG: it is kept as what it is.
      ['chart.pdf', sample.png(), 'image/png', 'chart.pdf.png'],
    ];
    for (const [filename, data, mime, name] of cases) {
      const res = await upload(t, filesUrl(client.id), cast.admin.token, [{ filename, data }]);
      expect(dataOf<FileBody>(res), filename).toMatchObject({ mime, name, kind: 'other' });
    }
  });

  it('refuses a fake PDF that is really an executable with 415, keeping nothing', async () => {
    const client = await buildClient(t.database.db);
    const before = storedFiles().length;
    const res = await upload(t, filesUrl(client.id), cast.admin.token, [
      { filename: 'invoice.pdf', type: 'application/pdf', data: sample.exe() },
    ]);
    expectErrorShape(res, 415, 'FILE_TYPE_NOT_ALLOWED');
    for (const [filename, data] of [
      ['archive.docx', sample.plainZip()],
      ['setup.doc', sample.ole('MsiFileStream')],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
    ] as const) {
      const other = await upload(t, filesUrl(client.id), cast.admin.token, [{ filename, data }]);
      expectErrorShape(other, 415, 'FILE_TYPE_NOT_ALLOWED');
    }
    expect(await rowsOf(client.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses 21 MB with 413 as it streams, even under a lying Content-Length, writing none of it', async () => {
    const client = await buildClient(t.database.db);
    const before = storedFiles().length;
    const big = Buffer.concat([sample.pdf(), Buffer.alloc(21 * 1024 * 1024 - 200, 0x20)]);
    const body = multipart([{ filename: 'big.pdf', type: 'application/pdf', data: big }]);
    for (const headers of [body.headers, { ...body.headers, 'content-length': '1000' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: filesUrl(client.id),
        headers: { ...headers, ...bearer(cast.admin.token) },
        payload: body.payload,
      });
      expectErrorShape(res, 413, 'FILE_TOO_LARGE');
      // The store stopped one byte past the limit: the rest was never read, let alone written.
      expect(consumed).toBeLessThanOrEqual(CLIENT_FILE_MAX_BYTES + 1);
      expect(consumed).toBeLessThan(big.length);
    }
    expect(await rowsOf(client.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('takes exactly 20 MB', async () => {
    const client = await buildClient(t.database.db);
    const data = Buffer.concat([
      sample.pdf(),
      Buffer.alloc(CLIENT_FILE_MAX_BYTES - sample.pdf().length, 0x20),
    ]);
    const res = await upload(t, filesUrl(client.id), cast.admin.token, [{ filename: 'max.pdf', data }]);
    expect(dataOf<FileBody>(res).size).toBe(CLIENT_FILE_MAX_BYTES);
  });

  it('refuses a zip bomb dressed as a Word document with 413', async () => {
    const client = await buildClient(t.database.db);
    const res = await upload(t, filesUrl(client.id), cast.admin.token, [
      { filename: 'report.docx', data: await sample.docxBomb(1024) },
    ]);
    expectErrorShape(res, 413, 'ARCHIVE_TOO_LARGE');
    expect(await rowsOf(client.id)).toEqual([]);
  });

  it('refuses uploads without a file, with a bad kind or name, or in another field, keeping nothing', async () => {
    const client = await buildClient(t.database.db);
    const url = filesUrl(client.id);
    const before = storedFiles().length;
    expectErrorShape(await call('POST', url, cast.admin.token, { kind: 'kyc' }), 400, 'FILE_MISSING');
    expectErrorShape(await upload(t, url, cast.admin.token, [], { kind: 'kyc' }), 400, 'FILE_MISSING');
    expectErrorShape(
      await upload(t, url, cast.admin.token, [{ field: 'document', filename: 'a.pdf', data: sample.pdf() }]),
      400,
      'FILE_MISSING',
    );
    const badKind = await upload(t, url, cast.admin.token, [{ filename: 'a.pdf', data: sample.pdf() }], {
      kind: 'passport',
    });
    expect(failingFields(badKind)).toEqual(['body.kind']);
    const badName = await upload(t, url, cast.admin.token, [{ filename: 'a.pdf', data: sample.pdf() }], {
      name: 'a\u0000b',
    });
    expect(failingFields(badName)).toEqual(['body.name']);
    const two = await upload(t, url, cast.admin.token, [
      { filename: 'a.pdf', data: sample.pdf() },
      { filename: 'b.pdf', data: sample.pdf() },
    ]);
    expectErrorShape(two, 400, 'FILE_MISSING');
    expect(await rowsOf(client.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
    // A typed name replaces the file's own, and keeps the real extension.
    const named = await upload(t, url, cast.admin.token, [{ filename: 'x.pdf', data: sample.pdf() }], {
      name: '身分證明',
      kind: 'kyc',
    });
    expect(dataOf<FileBody>(named)).toMatchObject({ name: '身分證明.pdf', kind: 'kyc' });
  });

  it('renames (keeping the extension) and re-kinds a file, in the history', async () => {
    const client = await buildClient(t.database.db, { process_status: 'p5' });
    const file = await uploadPdf(client.id, cast.ir.token, 'old.pdf');
    const url = `${filesUrl(client.id)}/${file.id}`;
    const renamed = dataOf<FileBody>(
      await call('PUT', url, cast.ir.token, { name: '年度報告', kind: 'report' }),
    );
    expect(renamed).toMatchObject({ id: file.id, name: '年度報告.pdf', kind: 'report', sha256: file.sha256 });
    const [entry] = await historyOf(t, 'client', client.id);
    expect(entry).toMatchObject({
      action: 'file.update',
      actor_id: cast.ir.id,
      changes: {
        id: { from: file.id, to: file.id },
        name: { from: 'old.pdf', to: '年度報告.pdf' },
        kind: { from: 'other', to: 'report' },
      },
    });
    // Nothing changes: no history entry.
    await call('PUT', url, cast.ir.token, { kind: 'report' });
    expect((await historyOf(t, 'client', client.id))[0]).toEqual(entry);

    expect(failingFields(await call('PUT', url, cast.ir.token, { name: '../etc/passwd' }))).toEqual([
      'body.name',
    ]);
    expect(failingFields(await call('PUT', url, cast.ir.token, { kind: 'passport' }))).toEqual(['body.kind']);
    expect(failingFields(await call('PUT', url, cast.ir.token, { name: '' }))).toEqual(['body.name']);
    expect(failingFields(await call('PUT', url, cast.ir.token, { size: 1 }))).toEqual(['body']);
  });

  it('deletes the row and the bytes, in the history; the download is then 404', async () => {
    const client = await buildClient(t.database.db);
    const file = await uploadPdf(client.id);
    const [row] = await rowsOf(client.id);
    expect(storedFiles()).toContain(row!.storage_key);
    const url = `${filesUrl(client.id)}/${file.id}`;
    expect(dataOf(await call('DELETE', url, cast.admin.token))).toEqual({ ok: true });
    expect(storedFiles()).not.toContain(row!.storage_key);
    expect(await rowsOf(client.id)).toEqual([]);
    expect((await historyOf(t, 'client', client.id))[0]).toMatchObject({
      action: 'file.delete',
      changes: { id: { from: file.id, to: null }, name: { from: '投資合約.pdf', to: null } },
    });
    expectErrorShape(await call('GET', `${url}/download`, cast.admin.token), 404, 'FILE_NOT_FOUND');
    expectErrorShape(await call('DELETE', url, cast.admin.token), 404, 'FILE_NOT_FOUND');
  });

  it("answers 404 for another client's file, a missing client and a deleted one; 400 for bad ids", async () => {
    const db = t.database.db;
    const mine = await buildClient(db);
    const theirs = await buildClient(db);
    const file = await uploadPdf(theirs.id);
    for (const [method, suffix] of [
      ['GET', '/download'],
      ['PUT', ''],
      ['DELETE', ''],
    ] as const) {
      const res = await call(
        method,
        `${filesUrl(mine.id)}/${file.id}${suffix}`,
        cast.admin.token,
        method === 'PUT' ? { kind: 'kyc' } : undefined,
      );
      expectErrorShape(res, 404, 'FILE_NOT_FOUND');
    }
    expectErrorShape(await call('GET', filesUrl(2147480000), cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    const gone = await buildClient(db, { is_deleted: true });
    expectErrorShape(await call('GET', filesUrl(gone.id), cast.admin.token), 404, 'CLIENT_NOT_FOUND');
    expectErrorShape(
      await upload(t, filesUrl(gone.id), cast.admin.token, [{ filename: 'a.pdf', data: sample.pdf() }]),
      404,
      'CLIENT_NOT_FOUND',
    );
    expect(failingFields(await call('GET', filesUrl(2147483648), cast.admin.token))).toEqual(['params.id']);
    expect(failingFields(await call('GET', `${filesUrl(mine.id)}/abc/download`, cast.admin.token))).toEqual([
      'params.fileId',
    ]);
    expect(failingFields(await call('GET', `${filesUrl(mine.id)}?kind=passport`, cast.admin.token))).toEqual([
      'querystring.kind',
    ]);
  });
});
