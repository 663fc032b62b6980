import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { samplePdf } from './pdfSamples.ts';
import { buildCast, type Cast, dataOf } from './staffCast.ts';
import { multipart } from './upload.ts';

/**
 * PDF to HTML over the real file store and files module: a document uploaded through
 * `POST api/v1/docs` reads back as HTML for whoever may download it, and only for them.
 */
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
});

async function uploadPdf(token: string, data: Buffer): Promise<{ id: number; path: string }> {
  const body = multipart([{ filename: '合約.pdf', type: 'application/pdf', data }], { type: 'nda' });
  return dataOf(
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/docs',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    }),
  );
}

const html = (token: string, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/static_api/v1/pdfs/html?url=${encodeURIComponent(url)}`,
    headers: bearer(token),
  });

describe('PDF to HTML of stored files', () => {
  it('renders an uploaded contract for its owner and staff, and not for another investor', async () => {
    const pdf = Buffer.from(await samplePdf([{ text: '保密協議書 第一條 機密資訊' }]));
    const file = await uploadPdf(cast.investor, pdf);
    expect(file.path).toBe(`/api/v1/files/${file.id}/content`);

    for (const token of [cast.investor, cast.ao.token]) {
      const res = await html(token, file.path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('保密協議書');
    }
    const { buildClient, signIn } = await import('./factories.ts');
    const other = await signIn(t.app, 'investor', (await buildClient(t.database.db)).email);
    const refused = await html(other, file.path);
    expect(refused.statusCode).toBe(404);
    expectErrorShape(await html(cast.ao.token, '/api/v1/files/999999/content'), 404);
  });
});
