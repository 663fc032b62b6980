import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOC_BATCH_MAX, type LegalDocument, type LegalDocumentBatch } from '@dealflow/domain';
import { cases, clients, legalDocumentBatchItems } from '../src/db/schema/index.ts';
import type { JobContext } from '../src/jobs/queue.ts';
import { BATCH_JOB, runBatches } from '../src/modules/legalDocs/batch.ts';
import { buildCase, buildClient } from './factories.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCast,
  type Cast,
  caller,
  dataOf,
  expectIrAndSaRefused,
  expectStrangersRefused,
  failingFields,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
let job: JobContext;
const batchOf = (caseId: number) => `/api/internal/v1/cases/${caseId}/documents/batch`;
const batchUrl = (id: number) => `/api/internal/v1/document-batches/${id}`;

beforeAll(async () => {
  // As API tests run: JOBS_ENABLED=false, so a batch stays queued until the test runs the job.
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
  const { db, config, files, jobs } = t.app.deps;
  job = { db, config, files, jobs, log: t.app.log };
});

/** `{ data }` of a 202 answer, or a readable failure. */
function accepted(res: LightMyRequestResponse): LegalDocumentBatch {
  if (res.statusCode !== 202) throw new Error(`expected 202, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: LegalDocumentBatch }).data;
}

const progress = async (id: number, token = cast.admin.token) =>
  dataOf<LegalDocumentBatch>(await call('GET', batchUrl(id), token));

async function caseDocuments(caseId: number) {
  return dataOf<ListBody<LegalDocument>>(
    await call('GET', `/api/internal/v1/cases/${caseId}/documents?size=100`, cast.admin.token),
  ).result;
}

/** The job run until nothing is left: the batches of earlier tests, which share the database, are done first. */
const drained = async () => {
  await runBatches(job);
};

async function investors(n: number) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await buildClient(t.database.db, { name: `批次投資人${i + 1}` }));
  return made;
}

const count = async (table: 'legal_document_batches' | 'legal_document_batch_items' | 'files') => {
  const res = (await t.database.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return res.rows[0]?.n ?? 0;
};

describe('batches of legal documents', () => {
  it('refuses anonymous, investors, startups, ir and sa; another ao may not queue one', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const routes = [
      ['POST', batchOf(kase.id)],
      ['GET', batchUrl(1)],
    ] as const;
    await expectStrangersRefused(t, cast, routes);
    await expectIrAndSaRefused(t, cast, routes);
    const [client] = await investors(1);
    const body = { kind: 'nda', client_ids: [client!.id] };
    const before = await count('legal_document_batches');
    expectErrorShape(await call('POST', batchOf(kase.id), cast.otherAo.token, body), 403, 'FORBIDDEN');
    expect(await count('legal_document_batches')).toBe(before);

    // The case's ao and an admin may; any ao reads the progress, as they read the documents.
    const byAo = accepted(await call('POST', batchOf(kase.id), cast.ao.token, body));
    const byAdmin = accepted(await call('POST', batchOf(kase.id), cast.admin.token, body));
    expect(byAdmin.id).not.toBe(byAo.id);
    expect((await progress(byAo.id, cast.otherAo.token)).id).toBe(byAo.id);
    expectErrorShape(
      await call('GET', batchUrl(2_000_000), cast.admin.token),
      404,
      'DOCUMENT_BATCH_NOT_FOUND',
    );
    expectErrorShape(await call('POST', batchOf(2_000_000), cast.admin.token, body), 404, 'CASE_NOT_FOUND');
  });

  it('refuses an empty list, more than 500, a client twice, an unknown or deleted client, and keeps nothing', async () => {
    const kase = await buildCase(t.database.db);
    const [a, b] = await investors(2);
    const gone = await buildClient(t.database.db, { is_deleted: true });
    const before = await count('legal_document_batch_items');
    const post = (body: unknown) => call('POST', batchOf(kase.id), cast.admin.token, body);

    expect(failingFields(await post({ kind: 'nda', client_ids: [] }))).toEqual(['body.client_ids']);
    const many = Array.from({ length: LEGAL_DOC_BATCH_MAX + 1 }, (_, i) => i + 1);
    expect(failingFields(await post({ kind: 'nda', client_ids: many }))).toEqual(['body.client_ids']);
    expect(failingFields(await post({ kind: 'nda', client_ids: [a!.id, b!.id, a!.id] }))).toEqual([
      'body.client_ids.2',
    ]);
    expect(failingFields(await post({ kind: 'spa', client_ids: [a!.id] }))).toEqual(['body.kind']);
    expect(failingFields(await post({ kind: 'nda', client_ids: [a!.id], extra: 1 }))).toHaveLength(1);
    expect(
      failingFields(
        await post({ kind: 'loi', client_ids: [a!.id], commitment_amounts: { [String(b!.id)]: 100 } }),
      ),
    ).toEqual([`body.commitment_amounts.${b!.id}`]);
    // The first client that is not there is named.
    const unknown = await post({ kind: 'nda', client_ids: [a!.id, 2_000_000, gone.id] });
    expect(failingFields(unknown)).toEqual(['body.client_ids.1']);
    expect(JSON.stringify(unknown.json())).toContain('2000000');
    expect(failingFields(await post({ kind: 'nda', client_ids: [a!.id, gone.id] }))).toEqual([
      'body.client_ids.1',
    ]);
    expect(await count('legal_document_batch_items')).toBe(before);
  });

  it('stays queued until the job runs; the job makes each document once, however often it runs', async () => {
    await drained();
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id, name: '晨星能源股份有限公司' });
    const people = await investors(3);
    const queued = accepted(
      await call('POST', batchOf(kase.id), cast.ao.token, {
        kind: 'subscription',
        lang: 'zh-TW',
        client_ids: people.map((p) => p.id),
        commitment_amounts: { [String(people[0]!.id)]: 3_000_000 },
      }),
    );
    expect(queued).toMatchObject({
      case_id: kase.id,
      kind: 'subscription',
      lang: 'zh-TW',
      status: 'queued',
      total: 3,
      done: 0,
      failed: 0,
      finished_at: null,
    });
    expect(queued.items.map((i) => i.client)).toEqual(people.map((p) => ({ id: p.id, name: p.name })));
    expect(queued.items.every((i) => i.document_id === null && i.error === null)).toBe(true);
    // The queue is off in tests: nothing ran.
    expect(t.app.deps.jobs.enabled).toBe(false);
    expect(await caseDocuments(kase.id)).toEqual([]);

    expect(await runBatches(job)).toMatchObject({ generated: 3, failed: 0 });
    const done = await progress(queued.id);
    expect(done).toMatchObject({ status: 'done', total: 3, done: 3, failed: 0 });
    expect(done.finished_at).not.toBeNull();
    const docs = await caseDocuments(kase.id);
    expect(docs).toHaveLength(3);
    expect(new Set(done.items.map((i) => i.document_id))).toEqual(new Set(docs.map((d) => d.id)));
    const first = docs.find((d) => d.client?.id === people[0]!.id);
    expect(first).toMatchObject({
      kind: 'subscription',
      status: 'draft',
      commitment_amount: 3_000_000,
      created_by: { id: cast.ao.id },
    });
    expect(docs.find((d) => d.client?.id === people[1]!.id)?.commitment_amount).toBeNull();

    // Again, and two runs at once: nothing is left, nothing is made twice.
    const files = await count('files');
    expect(await runBatches(job)).toMatchObject({ generated: 0, failed: 0 });
    await Promise.all([runBatches(job), runBatches(job)]);
    expect(await caseDocuments(kase.id)).toHaveLength(3);
    expect(await count('files')).toBe(files);
    expect(await progress(queued.id)).toEqual(done);
  });

  it('two runs at once share the work and make every document once', async () => {
    await drained();
    const kase = await buildCase(t.database.db);
    const people = await investors(4);
    const queued = accepted(
      await call('POST', batchOf(kase.id), cast.admin.token, {
        kind: 'nda',
        client_ids: people.map((p) => p.id),
      }),
    );
    const [one, two] = await Promise.all([runBatches(job), runBatches(job)]);
    expect((one?.generated ?? 0) + (two?.generated ?? 0)).toBe(4);
    expect(await caseDocuments(kase.id)).toHaveLength(4);
    expect(await progress(queued.id)).toMatchObject({ status: 'done', done: 4, failed: 0 });
  });

  it('records an investor that cannot get a document and does the others', async () => {
    await drained();
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const people = await investors(3);
    const queued = accepted(
      await call('POST', batchOf(kase.id), cast.ao.token, {
        kind: 'nda',
        client_ids: people.map((p) => p.id),
      }),
    );
    // Deleted after the batch was queued.
    await t.database.db.update(clients).set({ is_deleted: true }).where(eq(clients.id, people[1]!.id));
    expect(await runBatches(job)).toMatchObject({ generated: 2, failed: 1 });
    const done = await progress(queued.id);
    expect(done).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
    expect(done.items[1]).toMatchObject({
      client: { id: people[1]!.id },
      document_id: null,
      error: { code: 'CLIENT_NOT_FOUND', message: 'Client not found' },
    });
    expect(done.items[0]?.document_id).not.toBeNull();
    expect(done.items[2]?.document_id).not.toBeNull();
    expect((await caseDocuments(kase.id)).map((d) => d.client?.id).sort()).toEqual(
      [people[0]!.id, people[2]!.id].sort(),
    );
  });

  it('acts as whoever queued it, as they are now: one who may no longer edit the case gets errors', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const people = await investors(2);
    const queued = accepted(
      await call('POST', batchOf(kase.id), cast.ao.token, {
        kind: 'coi',
        client_ids: people.map((p) => p.id),
      }),
    );
    await t.database.db.update(cases).set({ ao_id: cast.otherAo.id }).where(eq(cases.id, kase.id));
    await runBatches(job);
    const done = await progress(queued.id);
    expect(done).toMatchObject({ status: 'done', done: 0, failed: 2 });
    expect(done.items.map((i) => i.error?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
    expect(await caseDocuments(kase.id)).toEqual([]);
  });

  it('counts progress while running, skips what another run holds, and takes back a claim left by a dead run', async () => {
    await drained();
    const kase = await buildCase(t.database.db);
    const people = await investors(3);
    const queued = accepted(
      await call('POST', batchOf(kase.id), cast.admin.token, {
        kind: 'nda',
        client_ids: people.map((p) => p.id),
      }),
    );
    const items = await t.database.db
      .select()
      .from(legalDocumentBatchItems)
      .where(eq(legalDocumentBatchItems.batch_id, queued.id))
      .orderBy(legalDocumentBatchItems.id);
    // Another run holds the last investor right now.
    await t.database.db
      .update(legalDocumentBatchItems)
      .set({ claimed_at: sql`now()` })
      .where(eq(legalDocumentBatchItems.id, items[2]!.id));
    expect(await runBatches(job)).toMatchObject({ generated: 2 });
    const running = await progress(queued.id);
    expect(running).toMatchObject({ status: 'running', total: 3, done: 2, failed: 0, finished_at: null });
    expect(running.items[2]).toMatchObject({ document_id: null, error: null });

    // That run died: once its claim is older than the lease, the next run takes the investor.
    await t.database.db
      .update(legalDocumentBatchItems)
      .set({ claimed_at: sql`now() - interval '11 minutes'` })
      .where(eq(legalDocumentBatchItems.id, items[2]!.id));
    expect(await runBatches(job)).toMatchObject({ generated: 1 });
    expect(await progress(queued.id)).toMatchObject({ status: 'done', done: 3, failed: 0 });
  });

  it('is one of the app’s jobs', async () => {
    const { jobDefinitions } = await import('../src/jobs/index.ts');
    const def = jobDefinitions(t.config).find((d) => d.name === BATCH_JOB);
    expect(def).toBeDefined();
    expect(def?.onStart).toEqual({});
  });
});
