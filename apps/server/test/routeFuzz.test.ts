import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from './helpers.ts';
import {
  buildCalendarEvent,
  buildCase,
  buildCaseRole,
  buildClient,
  buildComment,
  buildDdComment,
  buildEmployee,
  buildInfoUpdate,
  buildMaintenance,
  buildReview,
  buildReviewComment,
  buildShareholderHistory,
  buildStartupUser,
  buildTodo,
  signIn,
  staffSession,
  TEST_PASSWORD,
} from './factories.ts';
import { Case } from '@dealflow/domain';
import {
  type FuzzContext,
  HOSTILE_KEYS,
  type JsonSchema,
  RAW_URL_TEXT,
  encodeText,
  hostileJson,
  hostileText,
  textArb,
  validText,
  valueArb,
} from './fuzzArbitraries.ts';

/**
 * Issue #7: every route, whatever it is sent, answers without a 5xx. Routes and their contracts
 * come from the OpenAPI document (so a new route is fuzzed without being listed here); each is sent
 * requests mixing valid and hostile params, query and JSON body, with a token of each kind of
 * principal it accepts. `FUZZ_RUNS` sets the requests per route, `FUZZ_SEED` replays a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Multipart routes are tried with real files in their own tests (ddImport.test.ts). */
const MULTIPART = ['POST /api/internal/v2/cases/{caseId}/dd/import'];
/** Streams never end by themselves (an injected request would wait forever): services.test.ts reads them over a socket. */
const STREAMS = ['GET /api/internal/v2/live'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Principal = 'admin' | 'investor' | 'startup' | 'none';
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: JsonSchema;
}
interface Operation {
  method: Method;
  path: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const t = await buildTestApp();
const db = t.database.db;

// ── Rows for valid ids to reach: one of each kind, on cases the admin may edit. ──────────────
const kase = await buildCase(db);
const client = await buildClient(db);
const victim = await buildEmployee(db, { role: 'sa' });
const startupUser = await buildStartupUser(db, { case_id: kase.id });
const review = await buildReview(db, { startup_user_id: startupUser.id });
const seeded = [
  kase.id,
  client.id,
  victim.id,
  startupUser.id,
  review.id,
  (await buildReviewComment(db, { review_id: review.id })).id,
  (await buildTodo(db, { case_id: kase.id })).id,
  (await buildCalendarEvent(db, { case_id: kase.id })).id,
  (await buildComment(db, { case_id: kase.id })).id,
  (await buildMaintenance(db, { case_id: kase.id })).id,
  (await buildInfoUpdate(db, { case_id: kase.id })).id,
  (await buildShareholderHistory(db, { case_id: kase.id })).id,
  (await buildCaseRole(db, { case_id: kase.id, client_id: client.id })).id,
  (await buildDdComment(db, { case_id: kase.id, client_id: client.id })).id,
];
const ctx: FuzzContext = {
  ids: [...new Set(seeded)],
  emails: [client.email, victim.email, startupUser.email],
  hints: {
    password: [TEST_PASSWORD],
    prop: Object.keys(Case.shape),
    fixedId: ['domain', 'industry'],
  },
};

// ── Sessions, renewed when a fuzzed request ended one (a deleted or demoted account, a sign-out). ──
const tokens: Record<Principal, string | null> = { admin: null, investor: null, startup: null, none: null };
const sessionCheck: Record<Exclude<Principal, 'none'>, { url: string; ok: (body: unknown) => boolean }> = {
  admin: { url: '/api/v1/auth/me', ok: (b) => JSON.stringify(b).includes('"admin"') },
  investor: { url: '/api/v1/auth/me', ok: () => true },
  startup: { url: '/api/auth/user', ok: () => true },
};
async function newSession(kind: Exclude<Principal, 'none'>): Promise<string> {
  if (kind === 'admin') return (await staffSession(t.app, db, 'admin')).token;
  if (kind === 'investor') return signIn(t.app, 'investor', (await buildClient(db)).email);
  return signIn(t.app, 'local', (await buildStartupUser(db, { case_id: kase.id })).email);
}
async function ensureSessions(): Promise<void> {
  for (const kind of ['admin', 'investor', 'startup'] as const) {
    const token = tokens[kind];
    if (token) {
      const res = await t.app.inject({ method: 'GET', url: sessionCheck[kind].url, headers: bearer(token) });
      if (res.statusCode === 200 && sessionCheck[kind].ok(res.json())) continue;
    }
    tokens[kind] = await newSession(kind);
  }
}
await ensureSessions();

// ── The routes, from the OpenAPI document. ───────────────────────────────────────────────
const doc = (
  t.app as unknown as { swagger: () => { paths: Record<string, Record<string, Operation>> } }
).swagger();
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase() as Method, path })),
);
const key = (op: Operation) => `${op.method} ${op.path}`;
const fuzzed = operations.filter((op) => !MULTIPART.includes(key(op)) && !STREAMS.includes(key(op)));

const fillPath = (path: string, values: string[]) => {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => values[i++] ?? '');
};

/** The principals a route takes: probed with params no contract accepts, so nothing is changed. */
async function acceptedPrincipals(op: Operation): Promise<Principal[]> {
  const url = fillPath(
    op.path,
    (op.parameters ?? []).filter((p) => p.in === 'path').map(() => '-1'),
  );
  const refused = async (token: string | null) => {
    const res = await t.app.inject({ method: op.method, url, headers: token ? bearer(token) : {} });
    // A route that answers with a file (a vCard export) has no error code to read.
    const json = String(res.headers['content-type'] ?? '').includes('json');
    const code = json ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
    return res.statusCode === 401 || code === 'WRONG_STRATEGY';
  };
  if (!(await refused(null))) return ['none', 'admin', 'investor', 'startup'];
  const kinds: Principal[] = [];
  for (const kind of ['admin', 'investor', 'startup'] as const) {
    if (!(await refused(tokens[kind]))) kinds.push(kind);
  }
  return kinds;
}

const RAW_BODIES: Array<string | Buffer> = [
  '',
  ' ',
  '{',
  'null',
  '[]',
  '"text"',
  '1e999',
  '-0',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  `${'['.repeat(64)}${']'.repeat(64)}`,
  `${'['.repeat(65)}${']'.repeat(65)}`,
  '['.repeat(100_000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"name":"\\u0000","content":"\\ud800","title":"\\udc00"}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // {"a":"<WTF-8 surrogate>"}
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // invalid UTF-8
  Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // BOM then {}
];
const CONTENT_TYPES = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      undefined,
    ),
  },
);

interface FuzzRequest {
  mix: number;
  principal: Principal;
  params: string[];
  query: string;
  body: string | Buffer | undefined;
  contentType: string | undefined;
  /** Header parameters the route declares (Idempotency-Key): left out or sent. */
  headers: Array<[string, string]>;
}

// A header value can only hold what HTTP lets through: no controls, nothing past Latin-1.
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e\x80-\xff]/g, '?');

/**
 * Requests in three moods: valid by the contract throughout (edge values included), so they reach
 * the services and the database; mixed, a few hostile values among valid ones; and hostile.
 */
function requestArb(op: Operation, principals: Principal[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 4, arbitrary: requestOfMood(op, principals, 0) },
    { weight: 4, arbitrary: requestOfMood(op, principals, 1) },
    { weight: 2, arbitrary: requestOfMood(op, principals, 5) },
  );
}

/** `mix`: out of 10, how often a value is hostile (0: none, and no stranger keys or raw text). */
function requestOfMood(op: Operation, principals: Principal[], mix: number): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headerParams = params.filter((p) => p.in === 'header');
  const text = (p: Parameter) =>
    mix === 0 ? validText(p.schema, ctx, p.name) : textArb(p.schema, ctx, p.name, mix);

  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      mix === 0
        ? text(p).map(encodeText)
        : fc.oneof(
            { weight: 8, arbitrary: text(p).map(encodeText) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_TEXT) },
          ),
    ),
  );

  // Each known parameter: left out, once, or (not in valid requests) repeated: `?a=1&a=2`.
  const known = queryParams.map((p) => {
    const one = text(p);
    const values =
      mix === 0
        ? one.map((v) => [v])
        : fc.oneof(
            { weight: 6, arbitrary: one.map((v) => [v]) },
            { weight: 1, arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }) },
          );
    return fc.option(
      values.map((vs) => vs.map((v) => `${p.name}=${encodeText(v)}`).join('&')),
      { nil: '' },
    );
  });
  const names = queryParams.map((p) => p.name);
  const strangers =
    mix === 0
      ? fc.constant([])
      : fc.array(
          fc
            .tuple(fc.constantFrom(...HOSTILE_KEYS, ...names), hostileText)
            .map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`),
          { maxLength: 2 },
        );
  const raw = mix === 0 ? fc.constant('') : fc.option(fc.constantFrom(...RAW_URL_TEXT), { nil: '', freq: 8 });
  const queryArb = fc
    .tuple(fc.tuple(...known), strangers, raw)
    .map(([k, s, r]) => [...k, ...s, r].filter((part) => part !== '').join('&'));

  const schema = op.requestBody?.content?.['application/json']?.schema;
  const jsonBody = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  let bodyArb: fc.Arbitrary<string | Buffer | undefined>;
  if (mix === 0) bodyArb = schema ? valueArb(schema, ctx, 0).map(jsonBody) : fc.constant(undefined);
  else if (schema) {
    bodyArb = fc.oneof(
      { weight: 8, arbitrary: valueArb(schema, ctx, mix).map(jsonBody) },
      { weight: 1, arbitrary: hostileJson.map(jsonBody) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    );
  } else {
    bodyArb = fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: hostileJson.map(jsonBody) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    );
  }

  return fc.record({
    mix: fc.constant(mix),
    principal: fc.constantFrom(...principals),
    params: pathArb,
    query: queryArb,
    body: bodyArb,
    contentType: mix === 0 ? fc.constant('application/json') : CONTENT_TYPES,
    headers: fc
      .tuple(
        ...headerParams.map((p) =>
          fc.option(
            (mix === 0 ? validText(p.schema, ctx, p.name) : textArb(p.schema, ctx, p.name, mix)).map(
              (v): [string, string] => [p.name, headerSafe(v)],
            ),
            { nil: undefined },
          ),
        ),
      )
      .map((hs) => hs.filter((h): h is [string, string] => h !== undefined)),
  });
}

const preview = (body: string | Buffer | undefined) => {
  if (body === undefined) return '(none)';
  const text = typeof body === 'string' ? JSON.stringify(body) : `<bytes ${body.toString('hex')}>`;
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
};

// FUZZ_STATS=1 prints what the requests got (status and code per route and mood): a check that
// valid requests do get past validation.
const stats = new Map<string, number>();
function tally(op: Operation, req: FuzzRequest, res: { statusCode: number; body: string }) {
  let code = '';
  try {
    code = String((JSON.parse(res.body) as { error?: { code?: string } }).error?.code ?? '');
  } catch {
    code = '(not JSON)';
  }
  const k = `${key(op)} mix${req.mix} ${res.statusCode} ${code}`;
  stats.set(k, (stats.get(k) ?? 0) + 1);
  if (!code && res.statusCode >= 400) stats.set(`  ${res.statusCode} ${res.body.slice(0, 200)}`, 1);
}
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  console.log(
    [...stats.entries()]
      .map(([k, v]) => `${k}: ${v}`)
      .sort()
      .join('\n'),
  );
});

describe(`every route answers without a 5xx (${RUNS} requests each)`, () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(fuzzed.length).toBeGreaterThan(70);
    for (const k of [...MULTIPART, ...STREAMS]) expect(operations.map(key)).toContain(k);
  });

  for (const op of fuzzed) {
    it(key(op), async () => {
      await ensureSessions();
      const principals = await acceptedPrincipals(op);
      expect(principals.length).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(requestArb(op, principals), async (req) => {
          const url = fillPath(op.path, req.params) + (req.query ? `?${req.query}` : '');
          const token = tokens[req.principal];
          const headers: Record<string, string> = token ? bearer(token) : {};
          if (req.body !== undefined && req.contentType) headers['content-type'] = req.contentType;
          for (const [name, value] of req.headers) headers[name] = value;
          const res = await t.app.inject({
            method: op.method,
            url,
            headers,
            ...(req.body === undefined ? {} : { payload: req.body }),
          });
          if (process.env.FUZZ_STATS) tally(op, req, res);
          if (res.statusCode >= 500) {
            throw new Error(
              `${op.method} ${url} as ${req.principal}\n` +
                `headers: ${JSON.stringify({ ...headers, authorization: undefined })}\n` +
                `body: ${preview(req.body)}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    });
  }
});
