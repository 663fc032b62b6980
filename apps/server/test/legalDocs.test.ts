import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTRACT_CONFIG,
  type LegalDocument,
  type LegalDocumentVerification,
} from '@dealflow/domain';
import { extractText, pdfFontsEmbedded } from '../src/lib/pdf/text.ts';
import { buildCase, buildClient } from './factories.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import {
  buildCast,
  type Cast,
  caller,
  caseLog,
  dataOf,
  expectIrAndSaRefused,
  expectStrangersRefused,
  failingFields,
  type ListBody,
} from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const docs = (caseId: number) => `/api/internal/v1/cases/${caseId}/documents`;
const doc = (id: number, rest = '') => `/api/internal/v1/documents/${id}${rest}`;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

async function pdfOf(id: number, token = cast.admin.token, query = '') {
  const res = await t.app.inject({ method: 'GET', url: doc(id, `/pdf${query}`), headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return new Uint8Array(res.rawPayload);
}
/** The rows of a raw query on either database. */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');

describe('legal documents', () => {
  it('refuses anonymous, investors, startups, ir and sa', async () => {
    await expectStrangersRefused(t, cast, [
      ['POST', docs(1)],
      ['GET', docs(1)],
      ['GET', doc(1)],
      ['GET', doc(1, '/pdf')],
      ['POST', doc(1, '/send')],
      ['POST', doc(1, '/void')],
      ['GET', doc(1, '/verify')],
    ]);
    await expectIrAndSaRefused(t, cast, [
      ['POST', docs(1)],
      ['GET', docs(1)],
      ['GET', doc(1)],
      ['POST', doc(1, '/send')],
    ]);
  });

  it('generates an NDA for an investor as a PDF with the Chinese text, fonts embedded, and a trail', async () => {
    const kase = await buildCase(t.database.db, { name: '星河生技股份有限公司', ao_id: cast.ao.id });
    const client = await buildClient(t.database.db, { name: '林小華' });
    const created = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.ao.token, { kind: 'nda', client_id: client.id }),
    );
    expect(created).toMatchObject({
      kind: 'nda',
      lang: 'zh-TW',
      status: 'draft',
      title: '保密協議書',
      case: { id: kase.id, name: '星河生技股份有限公司' },
      client: { id: client.id, name: '林小華' },
      created_by: { id: cast.ao.id },
      signed_sha256: null,
    });
    const pdf = await pdfOf(created.id);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(created.sha256);
    expect(await pdfFontsEmbedded(pdf)).toBe(true);
    const text = flat(await extractText(pdf));
    expect(text).toContain('保密協議書');
    expect(text).toContain('立協議書人林小華');
    expect(text).toContain('「星河生技股份有限公司」');
    expect(text).toContain('本協議之保密義務自本協議生效日起5年內有效');
    expect(text).toContain(DEFAULT_CONTRACT_CONFIG.party.name.replace(/\s+/g, ''));

    const list = dataOf<ListBody<LegalDocument>>(await call('GET', docs(kase.id), cast.otherAo.token));
    expect(list.result.map((d) => d.id)).toEqual([created.id]);
    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log[0]).toMatchObject({ action: 'document.create', actor: { type: 'employee', id: cast.ao.id } });

    const verified = dataOf<LegalDocumentVerification>(
      await call('GET', doc(created.id, '/verify'), cast.admin.token),
    );
    expect(verified).toMatchObject({
      ok: true,
      complete: true,
      chain: { ok: true, events: 1 },
      document: { ok: true },
    });
    expect(verified.events[0]).toMatchObject({
      seq: 1,
      kind: 'created',
      actor: { type: 'employee', id: cast.ao.id },
    });
    expect(verified.events[0]?.data).toMatchObject({ sha256: created.sha256 });
  });

  it('lets only who may edit the case generate, send and void', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const client = await buildClient(t.database.db);
    expectErrorShape(
      await call('POST', docs(kase.id), cast.otherAo.token, { kind: 'coi', client_id: client.id }),
      403,
      'FORBIDDEN',
    );
    const created = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.admin.token, { kind: 'coi', client_id: client.id, lang: 'en' }),
    );
    expect(created.title).toBe('Conflict of Interest Declaration');
    expectErrorShape(await call('POST', doc(created.id, '/send'), cast.otherAo.token), 403, 'FORBIDDEN');
    expectErrorShape(
      await call('POST', doc(created.id, '/void'), cast.otherAo.token, { reason: 'x' }),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses an unknown client, case or kind with a clear answer and keeps nothing', async () => {
    const kase = await buildCase(t.database.db);
    const before = await t.database.db.execute(sql`select count(*)::int as n from files`);
    expect(
      failingFields(
        await call('POST', docs(kase.id), cast.admin.token, { kind: 'nda', client_id: 2_000_000 }),
      ),
    ).toEqual(['body.client_id']);
    expect(
      failingFields(await call('POST', docs(kase.id), cast.admin.token, { kind: 'spa', client_id: 1 })),
    ).toEqual(['body.kind']);
    expectErrorShape(
      await call('POST', docs(2_000_000), cast.admin.token, { kind: 'nda', client_id: 1 }),
      404,
      'CASE_NOT_FOUND',
    );
    expectErrorShape(await call('GET', doc(2_000_000), cast.admin.token), 404, 'DOCUMENT_NOT_FOUND');
    const after = await t.database.db.execute(sql`select count(*)::int as n from files`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });

  it('fills the subscription contract from the case’s configuration', async () => {
    const kase = await buildCase(t.database.db, { name: '月光科技' });
    const client = await buildClient(t.database.db, { name: '陳大文' });
    await call('PUT', `/api/internal/v1/cases/${kase.id}/contract-config`, cast.admin.token, {
      figures: { management_fee_percent: 1.75, performance_bonus_percent: 15 },
    });
    const created = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.admin.token, {
        kind: 'subscription',
        client_id: client.id,
        commitment_amount: 5_000_000,
      }),
    );
    const text = flat(await extractText(await pdfOf(created.id)));
    expect(text).toContain('有限合夥出資認購契約');
    expect(text).toContain('按認購總額之1.75%計算');
    expect(text).toContain('超額收益之15%作為績效獎金');
    expect(text).toContain('認購本基金出資額NT$5,000,000');
    expect(created.commitment_amount).toBe(5_000_000);
  });

  it('sends once, voids with a reason, and keeps every step in a trail that verifies', async () => {
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const client = await buildClient(t.database.db);
    const created = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.ao.token, { kind: 'loi', client_id: client.id }),
    );
    const sends = await Promise.all([1, 2].map(() => call('POST', doc(created.id, '/send'), cast.ao.token)));
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(dataOf<LegalDocument>(await call('GET', doc(created.id), cast.admin.token)).status).toBe('sent');
    expect(
      failingFields(await call('POST', doc(created.id, '/void'), cast.ao.token, { reason: '  ' })),
    ).toEqual(['body.reason']);
    const voided = dataOf<LegalDocument>(
      await call('POST', doc(created.id, '/void'), cast.ao.token, { reason: '投資人改以基金參與' }),
    );
    expect(voided).toMatchObject({ status: 'void', void_reason: '投資人改以基金參與' });
    expectErrorShape(await call('POST', doc(created.id, '/send'), cast.ao.token), 409, 'DOCUMENT_STATE');
    expect((await pdfOf(created.id, cast.ao.token)).length).toBeGreaterThan(1000);
    expectErrorShape(
      await t.app.inject({
        method: 'GET',
        url: doc(created.id, '/pdf?signed=1'),
        headers: bearer(cast.ao.token),
      }),
      409,
      'DOCUMENT_NOT_SIGNED',
    );
    const verified = dataOf<LegalDocumentVerification>(
      await call('GET', doc(created.id, '/verify'), cast.admin.token),
    );
    expect(verified.ok).toBe(true);
    expect(verified.events.map((e) => e.kind)).toEqual(['created', 'sent', 'voided']);
    expect(verified.events[2]?.data).toEqual({ reason: '投資人改以基金參與' });
  });

  it('refuses to change the trail, and finds a changed event or a replaced PDF', async () => {
    const kase = await buildCase(t.database.db);
    const client = await buildClient(t.database.db);
    const created = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.admin.token, { kind: 'nda', client_id: client.id }),
    );
    await call('POST', doc(created.id, '/send'), cast.admin.token);
    const db = t.database.db;
    await expect(
      db.execute(sql`update legal_document_events set ip = '10.0.0.1' where document_id = ${created.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from legal_document_events where document_id = ${created.id}`),
    ).rejects.toThrow();

    // Someone with the database's owner rights goes around the trigger: verification finds it.
    await db.execute(sql`alter table legal_document_events disable trigger legal_document_events_no_change`);
    try {
      await db.execute(
        sql`update legal_document_events set data = jsonb_set(data, '{sha256}', '"0"') where document_id = ${created.id} and seq = 1`,
      );
      const tampered = dataOf<LegalDocumentVerification>(
        await call('GET', doc(created.id, '/verify'), cast.admin.token),
      );
      expect(tampered).toMatchObject({ ok: false, chain: { ok: false, broken_at: 1 } });
      await db.execute(sql`delete from legal_document_events where document_id = ${created.id} and seq = 2`);
    } finally {
      await db.execute(sql`alter table legal_document_events enable trigger legal_document_events_no_change`);
    }

    // Another document whose PDF is swapped for different bytes in the store.
    const other = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.admin.token, { kind: 'coi', client_id: client.id }),
    );
    const third = dataOf<LegalDocument>(
      await call('POST', docs(kase.id), cast.admin.token, { kind: 'loi', client_id: client.id }),
    );
    const key = async (id: number) =>
      rowsOf(
        await db.execute(
          sql`select f.storage_key from files f join legal_documents d on d.file_id = f.id where d.id = ${id}`,
        ),
      )[0] as { storage_key: string };
    const thirdKey = (await key(third.id)).storage_key;
    await db.execute(sql`update files set storage_key = storage_key || 'x' where storage_key = ${thirdKey}`);
    await db.execute(
      sql`update files set storage_key = ${thirdKey} where id = (select file_id from legal_documents where id = ${other.id})`,
    );
    const swapped = dataOf<LegalDocumentVerification>(
      await call('GET', doc(other.id, '/verify'), cast.admin.token),
    );
    expect(swapped).toMatchObject({ ok: false, chain: { ok: true }, document: { ok: false } });
  });
});
