import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildStartupUser, signIn, staffSession } from './factories.ts';
import { upload } from './upload.ts';
import { MAX_JSON_DEPTH } from '../src/plugins/validation.ts';

// Issue #7: text PostgreSQL cannot store, and bodies nested to break recursive code, are 400s
// naming the field, refused once in the validation layer for every route.
let t: TestApp;
let admin: string;
let startup: { token: string; userId: number };
let caseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = (await staffSession(t.app, db, 'admin')).token;
  caseId = (await buildCase(db)).id;
  const user = await buildStartupUser(db, { case_id: caseId });
  startup = { token: await signIn(t.app, 'local', user.email), userId: user.id };
});

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
/** JSON written by hand, so lone surrogates and NUL escapes reach the server as a client sent them. */
const send = (method: 'POST' | 'PUT', url: string, json: string, token = admin) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: json,
  });

function expectFieldError(res: Awaited<ReturnType<typeof get>>, field: string, message: string | RegExp) {
  const error = expectErrorShape(res, 400, 'VALIDATION_FAILED') as { details?: unknown };
  // Every field error carries a stable kind beside its English message (issue #8).
  expect(error.details).toContainEqual(
    expect.objectContaining({ field, message: expect.stringMatching(message), kind: expect.any(String) }),
  );
}

describe('NUL and lone surrogates', () => {
  it('refuses NUL in a free-text query parameter', async () => {
    expectFieldError(
      await get('/api/internal/v2/cases?keyword=a%00b'),
      'querystring.keyword',
      'must not contain NUL characters',
    );
    expectFieldError(await get('/api/internal/v1/cases/light?q=%00'), 'querystring.q', /NUL/);
    expect((await get('/api/internal/v2/cases?keyword=a%20b')).statusCode).toBe(200);
  });

  it('refuses a lone surrogate on create instead of storing U+FFFD', async () => {
    const before = (await get('/api/internal/v2/cases?all=1')).json().data.count;
    expectFieldError(
      await send('POST', '/api/internal/v1/cases', '{"name":"a\\ud800b"}'),
      'body.name',
      'must be valid Unicode text',
    );
    expectFieldError(
      await send('POST', '/api/internal/v1/cases', '{"name":"a\\u0000b"}'),
      'body.name',
      'must not contain NUL characters',
    );
    expect((await get('/api/internal/v2/cases?all=1')).json().data.count).toBe(before);
    // A surrogate pair is a character like any other.
    const ok = await send('POST', '/api/internal/v1/cases', '{"name":"smile \\ud83d\\ude00"}');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe('smile 😀');
  });

  it('refuses them in an update, in nested fields and arrays too', async () => {
    const url = `/api/internal/v1/cases/${caseId}`;
    expectFieldError(await send('PUT', url, '{"overview":"x\\udc00"}'), 'body.overview', /Unicode/);
    expectFieldError(await send('PUT', url, '{"domain_keys":["ok","\\u0000"]}'), 'body.domain_keys.1', /NUL/);
    expectFieldError(
      await send('PUT', url, '{"business_plan":{"\\ud800":"x"}}'),
      'body.business_plan.\\ud800',
      'key must be valid Unicode text',
    );
  });

  it("refuses them in a review's free-form detail", async () => {
    const res = await send(
      'POST',
      `/api/internal/v1/cases/${startup.userId}/review`,
      '{"update_content":{"detail":{"note":"\\ud800"}}}',
      startup.token,
    );
    expectFieldError(res, 'body.update_content.detail.note', /Unicode/);
  });
});

describe('URLs the router refuses', () => {
  it('answers a broken escape or an overlong path parameter in the error shape', async () => {
    for (const url of [
      '/api/internal/v1/cases/%ED%A0%80',
      '/api/internal/v1/cases/%zz',
      '/api/internal/v1/cases/1%C0%AE',
    ]) {
      expect(expectErrorShape(await get(url), 400, 'BAD_REQUEST').message).toMatch(/URL/);
    }
    expectErrorShape(await get(`/api/internal/v1/cases/${'1'.repeat(200)}`), 414, 'BAD_REQUEST');
  });
});

describe('JSON nesting', () => {
  const reviewUrl = () => `/api/internal/v1/cases/${startup.userId}/review`;
  const detailNested = (levels: number) =>
    `{"update_content":{"detail":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}}`;

  it('refuses a review detail nested 5,000 levels', async () => {
    expectFieldError(
      await send('POST', reviewUrl(), detailNested(5000), startup.token),
      'body',
      `must not be nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  });

  it('refuses a million open brackets quickly, closed or not', async () => {
    const start = Date.now();
    expectFieldError(await send('POST', reviewUrl(), '['.repeat(1_000_000), startup.token), 'body', /nested/);
    const closed = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expectFieldError(await send('POST', reviewUrl(), closed, startup.token), 'body', /nested/);
    expect(Date.now() - start).toBeLessThan(5000);
  });

  it(`takes a body nested exactly ${MAX_JSON_DEPTH} levels`, async () => {
    // The body and update_content are two levels, detail and what it nests the rest.
    const res = await send('POST', reviewUrl(), detailNested(MAX_JSON_DEPTH - 2), startup.token);
    expect(res.statusCode).toBe(200);
    expectErrorShape(
      await send('POST', reviewUrl(), detailNested(MAX_JSON_DEPTH - 1), startup.token),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('keeps the body limit and the prototype-poisoning refusal of the default parser', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expect((await send('POST', '/api/internal/v1/cases', big)).statusCode).toBe(413);
    expectErrorShape(
      await send('POST', '/api/internal/v1/cases', '{"name":"x","__proto__":{"admin":true}}'),
      400,
      'BAD_REQUEST',
    );
    expectErrorShape(
      await send('POST', '/api/internal/v1/cases', '{"name":"x","constructor":{"prototype":{"a":1}}}'),
      400,
      'BAD_REQUEST',
    );
    expectErrorShape(await send('POST', '/api/internal/v1/cases', ''), 400, 'BAD_REQUEST');
  });
});

describe('repeated query parameters and out-of-range numbers', () => {
  it('refuses a parameter sent twice where one value is expected', async () => {
    expectFieldError(await get('/api/internal/v2/cases?keyword=a&keyword=b'), 'querystring.keyword', /array/);
    expectFieldError(await get('/api/internal/v2/cases?page=1&page=2'), 'querystring.page', /.+/);
    expectFieldError(await get('/api/internal/v2/cases?sort=id:asc&sort=id:desc'), 'querystring.sort', /.+/);
  });

  it('refuses ids and numbers past 32 bits instead of asking the database', async () => {
    expectFieldError(await get('/api/internal/v1/cases/2147483648'), 'params.id', /.+/);
    expectFieldError(await get('/api/internal/v1/cases/1e400'), 'params.id', /.+/);
    expectFieldError(
      await get('/api/internal/v2/cases?employee_id=99999999999'),
      'querystring.employee_id',
      /.+/,
    );
    expectFieldError(
      await send('PUT', `/api/internal/v1/cases/${caseId}`, '{"ao_id":1e20}'),
      'body.ao_id',
      /.+/,
    );
    expectFieldError(
      await send('PUT', `/api/internal/v1/cases/${caseId}`, '{"rating_ao_score":4294967297}'),
      'body.rating_ao_score',
      /.+/,
    );
  });
});

describe('dates the database driver cannot read back', () => {
  // Found by the route fuzz: a timestamp in year 31 was stored and read back as an invalid date
  // (500 on every later read), years 1–99 came back as 19xx, and year 0 failed the insert.
  it('refuses timestamps and days before 1900', async () => {
    const calendars = `/api/internal/v1/cases/${caseId}/calendars`;
    const early = { title: 'x', start_at: '0031-12-31T23:59:59.999Z', end_at: '1970-01-01T00:00:00.000Z' };
    expectFieldError(await send('POST', calendars, JSON.stringify(early)), 'body.start_at', /1900/);
    const yearZero = { title: 'x', start_at: '0000-01-01T00:00:00Z', end_at: '0000-01-02T00:00:00+08:00' };
    expectFieldError(await send('POST', calendars, JSON.stringify(yearZero)), 'body.end_at', /1900/);
    expectFieldError(
      await send(
        'POST',
        `/api/internal/v1/cases/${caseId}/todo`,
        '{"title":"x","due_at":"0099-12-31T00:00:00Z"}',
      ),
      'body.due_at',
      /1900/,
    );
    expectFieldError(
      await send(
        'POST',
        `/api/internal/v1/cases/${caseId}/maintenances`,
        '{"title":"x","date":"0000-01-01"}',
      ),
      'body.date',
      /1900/,
    );
    const ok = { title: 'x', start_at: '1900-01-01T00:00:00+08:00', end_at: '9999-12-31T23:59:59Z' };
    const res = await send('POST', calendars, JSON.stringify(ok));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.start_at).toBe('1899-12-31T16:00:00.000Z');
    expect((await get(`${calendars}?all=1`)).statusCode).toBe(200);
  });

  it('refuses an imported due-diligence date before 1900', async () => {
    const file = { filename: 'dd.csv', data: 'content,created_at\n早,0031-01-01T00:00:00Z\n晚,1900-01-01\n' };
    const res = await upload(t, `/api/internal/v2/cases/${caseId}/dd/import`, admin, [file]);
    expect(res.json().data.rows).toEqual([
      { row: 2, status: 'refused', reason: 'Date "0031-01-01T00:00:00Z" is before 1900' },
      { row: 3, status: 'imported', id: expect.any(Number) },
    ]);
    expect((await get(`/api/internal/v2/cases/${caseId}/dd`)).statusCode).toBe(200);
  });
});
