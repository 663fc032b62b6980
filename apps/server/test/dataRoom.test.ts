import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../src/lib/pdf/text.ts';
import {
  buildCase,
  buildCaseRole,
  buildClient,
  buildStartupUser,
  signIn,
  staffSession,
} from './factories.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import * as sample from './sampleFiles.ts';
import { type UploadFile, upload } from './upload.ts';

/**
 * The data room (issues 12, 13): an investor who sees a case, and not masked (a role on it, or
 * a de-identified case's NDA signed), opens the files
 * its term sheet names; every PDF comes stamped with their name, email and the time, and each
 * opening is in the case's history. Everyone else finds nothing.
 */
let t: TestApp;
let ao: { id: number; token: string };
let startup: string;

beforeAll(async () => {
  t = await buildTestApp();
  const s = await staffSession(t.app, t.database.db, 'ao');
  ao = { id: s.employee.id, token: s.token };
  startup = await signIn(t.app, 'local', (await buildStartupUser(t.database.db)).email);
});

const files = (caseId: number) => `/api/internal/v1/me/cases/${caseId}/files`;
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

async function stored(file: UploadFile, url: string, fields: Record<string, string> = {}) {
  const res = await upload(t, url, ao.token, [file], fields);
  if (res.statusCode !== 200) throw new Error(`upload failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: { id: number } }).data;
}

/** A two-page PDF, as a deck would be. */
async function deck(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Series A deck, page one');
  doc.addPage([842, 595]).drawText('Page two, landscape');
  return Buffer.from(await doc.save());
}

/** A case whose term sheet names a PDF presentation and an image. */
async function caseWithFiles(overrides: { de_identification?: boolean } = {}) {
  const kase = await buildCase(t.database.db, {
    ao_id: ao.id,
    name: '雲端物流股份有限公司',
    status: 's2',
    ...overrides,
  });
  const pdf = await stored({ filename: 'deck.pdf', data: await deck() }, '/api/v1/docs', {
    type: 'presentationFile',
  });
  const png = await stored(
    { field: 'medias', filename: 'photo.png', data: sample.png() },
    '/api/v1/images?type=medias',
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/internal/v1/cases/${kase.id}`,
    headers: bearer(ao.token),
    payload: {
      term_sheet: {
        presentationFile: { file_id: pdf.id, name: '公司簡報.pdf' },
        medias: [{ file_id: png.id, name: '團隊照片.png' }],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { kase, pdf, png };
}

async function investorOf(name = '黃志明', membership = 'general') {
  const client = await buildClient(t.database.db, { name, membership });
  return { client, token: await signIn(t.app, 'investor', client.email) };
}

describe('the data room of a case', () => {
  it('refuses anonymous, staff and startups', async () => {
    for (const url of [files(1), `${files(1)}/1`]) {
      expectErrorShape(await get(url), 401);
      expectErrorShape(await get(url, ao.token), 403, 'WRONG_STRATEGY');
      expectErrorShape(await get(url, startup), 403, 'WRONG_STRATEGY');
    }
  });

  it('shows an investor without a role or a signed NDA nothing, not even that the case exists', async () => {
    const { kase, pdf } = await caseWithFiles();
    const { token } = await investorOf();
    expectErrorShape(await get(files(kase.id), token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await get(`${files(kase.id)}/${pdf.id}`, token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await get(files(999_999), token), 404, 'CASE_NOT_FOUND');
  });

  it('stamps every PDF with the reader, leaves images as stored, and writes each opening in the history', async () => {
    const { kase, pdf, png } = await caseWithFiles();
    const { client, token } = await investorOf('黃志明');
    await buildCaseRole(t.database.db, { case_id: kase.id, client_id: client.id, role: 'co_invest' });

    const list = (await get(files(kase.id), token)).json().data as {
      file_id: number;
      field: string;
      name: string;
    }[];
    expect(list.map((f) => [f.field, f.file_id, f.name])).toEqual([
      ['presentationFile', pdf.id, '公司簡報.pdf'],
      ['medias.0', png.id, '團隊照片.png'],
    ]);

    const opened = await get(`${files(kase.id)}/${pdf.id}`, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-disposition']).toMatch(/^inline/);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const stamped = new Uint8Array(opened.rawPayload);
    expect(Number(opened.headers['content-length'])).toBe(stamped.byteLength);
    const pages = (await extractText(stamped)).map((p) => p.replace(/\s+/g, ''));
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toContain(`黃志明·${client.email}`);
      expect(page).toContain('機密');
    }
    const downloaded = await get(`${files(kase.id)}/${pdf.id}?download=1`, token);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);

    const image = await get(`${files(kase.id)}/${png.id}`, token);
    expect(image.statusCode).toBe(200);
    expect(createHash('sha256').update(image.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(sample.png()).digest('hex'),
    );

    // A file of the store the case does not name is not found, even one the investor could guess.
    const other = await stored({ filename: 'other.pdf', data: await deck() }, '/api/v1/docs', {
      type: 'other',
    });
    expectErrorShape(await get(`${files(kase.id)}/${other.id}`, token), 404, 'FILE_NOT_FOUND');

    const log = (await get(`/api/internal/v1/cases/${kase.id}/log`, ao.token)).json().data.result as {
      action: string;
      actor: { type: string; id: number };
      changes: { file?: { to: string } };
    }[];
    expect(log.slice(0, 3).map((e) => [e.action, e.actor.type, e.actor.id, e.changes.file?.to])).toEqual([
      ['file.view', 'client', client.id, '團隊照片.png'],
      ['file.download', 'client', client.id, '公司簡報.pdf'],
      ['file.view', 'client', client.id, '公司簡報.pdf'],
    ]);
  });

  it('opens a de-identified case to a signed NDA, and closes again when it is voided', async () => {
    const { kase, pdf } = await caseWithFiles({ de_identification: true });
    // A GP member sees the case from s1 on, masked until the NDA: no documents.
    const { client, token } = await investorOf('黃志明', 'gp');
    const generated = await t.app.inject({
      method: 'POST',
      url: `/api/internal/v1/cases/${kase.id}/documents`,
      headers: bearer(ao.token),
      payload: { kind: 'nda', client_id: client.id },
    });
    const id = (generated.json() as { data: { id: number } }).data.id;
    expectErrorShape(await get(files(kase.id), token), 404, 'CASE_NOT_FOUND');
    // Signed (the signing flow itself is tested in legalDocSigning.test.ts).
    await t.database.db.execute(sql`update legal_documents set status = 'signed' where id = ${id}`);
    expect((await get(`${files(kase.id)}/${pdf.id}`, token)).statusCode).toBe(200);
    await t.database.db.execute(sql`update legal_documents set status = 'void' where id = ${id}`);
    expectErrorShape(await get(files(kase.id), token), 404, 'CASE_NOT_FOUND');
    const views = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from activity_logs where entity_type = 'case' and entity_id = ${kase.id} and action = 'file.view'`,
      ),
    )[0] as { n: number };
    expect(views.n).toBe(1);
  });
});
