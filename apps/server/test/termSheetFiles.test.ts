import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildClient, buildStartupUser, signIn, staffSession } from './factories.ts';
import * as sample from './sampleFiles.ts';
import { type UploadFile, upload } from './upload.ts';

/**
 * The term sheet's presentation file and media as stored files (issue 12): a case update that
 * names a file id is checked against the files the caller may attach (staff uploads they may read),
 * paths are written by the server, and the old shapes (a typed name and path, links) still work.
 */

let t: TestApp;
let ao: { id: number; token: string };
let otherAo: string;
let ir: string;
let investor: string;
let startup: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const o = await staffSession(t.app, db, 'ao');
  ao = { id: o.employee.id, token: o.token };
  otherAo = (await staffSession(t.app, db, 'ao')).token;
  ir = (await staffSession(t.app, db, 'ir')).token;
  investor = await signIn(t.app, 'investor', (await buildClient(db)).email);
  startup = await signIn(t.app, 'local', (await buildStartupUser(db)).email);
});

const v1 = '/api/internal/v1/cases';
const put = (id: number, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `${v1}/${id}`, headers: bearer(token), payload });

async function stored(token: string, url: string, file: UploadFile, fields: Record<string, string> = {}) {
  const res = await upload(t, url, token, [file], fields);
  if (res.statusCode !== 200) throw new Error(`upload failed ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: { id: number; name: string; path: string } }).data;
}
const pdfBy = (token: string, name = 'deck.pdf') =>
  stored(token, '/api/v1/docs', { filename: name, data: sample.pdf('簡報') }, { type: 'presentationFile' });
const pngBy = (token: string) =>
  stored(token, '/api/v1/images?type=medias', { field: 'medias', filename: 'photo.png', data: sample.png() });

/** The 400 names the failing term-sheet field. */
function expectFieldError(res: Awaited<ReturnType<typeof put>>, field: string) {
  expectErrorShape(res, 400, 'VALIDATION_FAILED');
  const details = (res.json() as { error: { details: { field: string; kind: string }[] } }).error.details;
  expect(details).toContainEqual(expect.objectContaining({ field, kind: 'unknown_reference' }));
}

describe('term sheet files', () => {
  it('an ao sets their own upload as the presentation file; the server writes the path; the history names the file', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const file = await pdfBy(ao.token);
    const res = await put(c.id, ao.token, {
      term_sheet: {
        presentationFile: { file_id: file.id, name: '公司簡報.pdf', path: 'https://evil.example/x' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_sheet.presentationFile).toEqual({
      file_id: file.id,
      name: '公司簡報.pdf',
      path: `/api/v1/files/${file.id}/content`,
    });
    const log = (
      await t.app.inject({ method: 'GET', url: `${v1}/${c.id}/log`, headers: bearer(ao.token) })
    ).json().data.result;
    expect(log[0].changes.term_sheet.to.presentationFile).toMatchObject({ name: '公司簡報.pdf' });
    // The file is readable by staff who read the case (active staff read every stored file).
    const content = await t.app.inject({ method: 'GET', url: file.path, headers: bearer(ir) });
    expect(content.statusCode).toBe(200);
  });

  it("a blank name takes the stored file's name; another staff member's upload may be attached", async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const file = await pdfBy(otherAo, 'pitch.pdf');
    const res = await put(c.id, ao.token, {
      term_sheet: { presentationFile: { file_id: file.id, name: '' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_sheet.presentationFile).toMatchObject({
      file_id: file.id,
      name: 'pitch.pdf',
    });
  });

  it("refuses an investor's or a startup's file, an unknown id and an image as the presentation file, storing nothing", async () => {
    const c = await buildCase(t.database.db, {
      ao_id: ao.id,
      status: 's0',
      term_sheet: { presentationFile: { name: '舊簡報', path: '/files/old.pdf' } },
    });
    const theirs = await pdfBy(investor);
    const startups = await pdfBy(startup);
    const image = await pngBy(ao.token);
    for (const id of [theirs.id, startups.id, 2147483000, image.id]) {
      const res = await put(c.id, ao.token, { term_sheet: { presentationFile: { file_id: id, name: 'x' } } });
      expectFieldError(res, 'body.term_sheet.presentationFile');
    }
    const now = (
      await t.app.inject({ method: 'GET', url: `${v1}/${c.id}`, headers: bearer(ao.token) })
    ).json().data;
    expect(now.term_sheet.presentationFile).toEqual({ name: '舊簡報', path: '/files/old.pdf' });
  });

  it('refuses bad media file ids by their place in the list, and ids out of range by the contract', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const theirs = await pngBy(investor);
    const res = await put(c.id, ao.token, {
      term_sheet: {
        medias: [
          { name: '報導', url: 'https://news.example/a' },
          { file_id: theirs.id, name: '照片' },
        ],
      },
    });
    expectFieldError(res, 'body.term_sheet.medias.1');
    expectErrorShape(
      await put(c.id, ao.token, {
        term_sheet: { presentationFile: { file_id: 1e12, name: 'x', path: '/x' } },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorShape(
      await put(c.id, ao.token, { term_sheet: { presentationFile: { file_id: -1, name: 'x' } } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('takes media as uploaded images, documents and links together', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const photo = await pngBy(ao.token);
    const doc = await pdfBy(ao.token, 'press.pdf');
    const res = await put(c.id, ao.token, {
      term_sheet: {
        medias: [
          { name: '報導', url: 'https://news.example/a' },
          { file_id: photo.id, name: '產品照片' },
          { file_id: doc.id, name: '新聞稿' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_sheet.medias).toEqual([
      { name: '報導', url: 'https://news.example/a' },
      { file_id: photo.id, name: '產品照片', path: `/api/v1/files/${photo.id}/content` },
      { file_id: doc.id, name: '新聞稿', path: `/api/v1/files/${doc.id}/content` },
    ]);
  });

  it('keeps a reference the term sheet already holds even when its file was removed since', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const photo = await pngBy(ao.token);
    const link = { name: '報導', url: 'https://news.example/a' };
    expect(
      (await put(c.id, ao.token, { term_sheet: { medias: [{ file_id: photo.id, name: '照片' }] } }))
        .statusCode,
    ).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${photo.id}`,
      headers: bearer(ao.token),
    });
    expect(removed.statusCode).toBeLessThan(300);
    const res = await put(c.id, ao.token, {
      term_sheet: { medias: [{ file_id: photo.id, name: '照片' }, link] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_sheet.medias).toHaveLength(2);
  });

  it('still takes the old shapes: a typed name and path, and links', async () => {
    const c = await buildCase(t.database.db, { ao_id: ao.id, status: 's0' });
    const sheet = {
      presentationFile: { name: '簡報.pdf', path: '/uploads/deck.pdf' },
      medias: [{ name: '報導', url: 'https://news.example/a' }],
    };
    const res = await put(c.id, ao.token, { term_sheet: sheet });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.term_sheet).toMatchObject(sheet);
    // The investor-visible summary reads the stored shapes too.
    const brief = await t.app.inject({ method: 'GET', url: `${v1}/${c.id}/summary`, headers: bearer(ir) });
    expect(brief.statusCode).toBe(200);
    expect(brief.json().data.term_sheet).toMatchObject(sheet);
    // Unknown keys beside them are refused rather than silently dropped.
    expectErrorShape(
      await put(c.id, ao.token, { term_sheet: { presentationFile: { name: 'a', path: '/b', size: 1 } } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('checks the file ids of a new case too', async () => {
    const theirs = await pdfBy(investor);
    const res = await t.app.inject({
      method: 'POST',
      url: v1,
      headers: bearer(ao.token),
      payload: { name: '新案件', term_sheet: { presentationFile: { file_id: theirs.id, name: 'x' } } },
    });
    expectFieldError(res, 'body.term_sheet.presentationFile');
  });
});
