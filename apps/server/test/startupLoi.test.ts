import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LegalDocument, type LegalDocumentVerification, SIGNING_CONSENT } from '@dealflow/domain';
import { verifySeal } from '../src/lib/pdf/seal.ts';
import { extractText } from '../src/lib/pdf/text.ts';
import { buildCase, buildClient, buildStartupUser, signIn } from './factories.ts';
import { expectSentOnlyToSigner, SIGNED_AFTER_ONE_WRONG_CODE, myDocumentPath, openMyPdf } from './signing.ts';
import {
  bearer,
  buildTestApp,
  capturingMailer,
  expectErrorShape,
  type TestApp,
  codeMailedTo as mailedCodeTo,
  wrongCode,
} from './helpers.ts';
import { buildCast, type Cast, caller, caseLog, dataOf, failingFields, type ListBody } from './staffCast.ts';

/**
 * Issue 14, "their case: the documents they must sign": staff address the firm's letter of intent
 * to the case's startup, and the startup user signs it with the same flow and evidence as an
 * investor (viewed, consent, a mailed code, certificate page and seal). Nobody else reaches it.
 */
let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
const mine = myDocumentPath;
const staffDoc = (id: number, rest = '') => `/api/internal/v1/documents/${id}${rest}`;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');
const count = async (query: ReturnType<typeof sql>) =>
  (rowsOf(await t.database.db.execute(query))[0] as { n: number }).n;

beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
  cast = await buildCast(t);
  call = caller(t);
});

/** A case with its figures, its signed-in startup user, and a startup LOI generated for it (a draft). */
async function startupCase() {
  const kase = await buildCase(t.database.db, {
    name: '極光量子股份有限公司',
    ao_id: cast.ao.id,
    round: 'Series A',
    fund_raising: 60_000_000,
    pre_money: 300_000_000,
    currency: 'NTD',
    company: { price_per_share: 45 },
  });
  const user = await buildStartupUser(t.database.db, { case_id: kase.id, name: '周志明' });
  const token = await signIn(t.app, 'local', user.email);
  const draft = dataOf<LegalDocument>(
    await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token, { kind: 'startup_loi' }),
  );
  return { kase, user, token, draft };
}

const view = (id: number, token: string, query = '') => openMyPdf(t, id, token, query);

const codeMailedTo = (email: string) => mailedCodeTo(mailer, email);

const start = (id: number, token: string) =>
  call('POST', mine(id, '/sign/start'), token, { consent: true, name: '周志明' });
const confirm = (id: number, token: string, code: string) =>
  call('POST', mine(id, '/sign/confirm'), token, { code });
const wrong = wrongCode;

describe('the startup LOI', () => {
  it('is generated for the case’s startup on the case’s figures, and refused where it does not fit', async () => {
    const { kase, user, draft } = await startupCase();
    expect(draft).toMatchObject({
      kind: 'startup_loi',
      status: 'draft',
      title: '投資意向書（致被投資公司）',
      signer: { kind: 'startup', id: user.id, name: '周志明', email: user.email },
      client: null,
      case: { id: kase.id },
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: staffDoc(draft.id, '/pdf'),
      headers: bearer(cast.ao.token),
    });
    const text = flat(await extractText(new Uint8Array(pdf.rawPayload)));
    for (const part of [
      '極光量子股份有限公司',
      '周志明',
      'SeriesA',
      'NT$60,000,000',
      'NT$300,000,000',
      'NT$45',
      '60日內',
    ])
      expect(text).toContain(part);

    // An investor is not named on it; a case without a startup account has nobody to sign it.
    const client = await buildClient(t.database.db);
    expect(
      failingFields(
        await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token, {
          kind: 'startup_loi',
          client_id: client.id,
        }),
      ),
    ).toEqual(['body.client_id']);
    const lonely = await buildCase(t.database.db, { ao_id: cast.ao.id });
    expectErrorShape(
      await call('POST', `/api/internal/v1/cases/${lonely.id}/documents`, cast.ao.token, {
        kind: 'startup_loi',
      }),
      409,
      'CASE_HAS_NO_STARTUP',
    );
    // An investor document still needs its investor; the batch is for investors only.
    expect(
      failingFields(
        await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token, { kind: 'loi' }),
      ),
    ).toEqual(['body.client_id']);
    expect(
      failingFields(
        await call('POST', `/api/internal/v1/cases/${kase.id}/documents/batch`, cast.ao.token, {
          kind: 'startup_loi',
          client_ids: [client.id],
        }),
      ),
    ).toEqual(['body.kind']);
    // Staff who may not edit the case generate nothing.
    expectErrorShape(
      await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.otherAo.token, {
        kind: 'startup_loi',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it('reaches only its startup, once sent: drafts, other startups and investors find nothing', async () => {
    const { token, draft } = await startupCase();
    const other = await startupCase();
    // Another startup and an investor: not found, whatever they try.
    await expectSentOnlyToSigner(call, {
      id: draft.id,
      token,
      strangers: [other.token, cast.investor],
      send: async () => dataOf(await call('POST', staffDoc(draft.id, '/send'), cast.ao.token)),
    });
    // The staff routes stay staff's.
    for (const url of [staffDoc(draft.id), staffDoc(draft.id, '/pdf')])
      expectErrorShape(await call('GET', url, token), 403, 'WRONG_STRATEGY');
    expectErrorShape(
      await call('POST', staffDoc(draft.id, '/void'), token, { reason: 'x' }),
      403,
      'WRONG_STRATEGY',
    );
    // And an investor's document is never the startup's.
    const client = await buildClient(t.database.db);
    const nda = dataOf<LegalDocument>(
      await call('POST', `/api/internal/v1/cases/${other.kase.id}/documents`, cast.ao.token, {
        kind: 'nda',
        client_id: client.id,
      }),
    );
    dataOf(await call('POST', staffDoc(nda.id, '/send'), cast.ao.token));
    expectErrorShape(await call('GET', mine(nda.id), other.token), 404, 'DOCUMENT_NOT_FOUND');
  });

  it('is signed by the startup with the mailed code: certificate, seal, trail, case history', async () => {
    const { kase, user, token, draft } = await startupCase();
    dataOf(await call('POST', staffDoc(draft.id, '/send'), cast.ao.token));
    expectErrorShape(await start(draft.id, token), 409, 'DOCUMENT_NOT_VIEWED');
    await view(draft.id, token);
    const started = dataOf<{ sent_to: string; sends_left: number }>(await start(draft.id, token));
    expect(started.sends_left).toBe(4);
    expect(mailer.sent.at(-1)?.to).toBe(user.email);
    expect(mailer.sent.at(-1)?.text).toContain('投資意向書（致被投資公司）');
    const code = codeMailedTo(user.email);

    const refused = expectErrorShape(await confirm(draft.id, token, wrong(code)), 422, 'SIGN_CODE_INVALID');
    expect((refused as { details?: unknown }).details).toEqual({ attempts_left: 4 });
    const signed = dataOf<LegalDocument>(await confirm(draft.id, token, code));
    expect(signed).toMatchObject({ id: draft.id, status: 'signed', sha256: draft.sha256 });

    const pdf = await view(draft.id, token, '?signed=1');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(signed.signed_sha256);
    expect(verifySeal(pdf)).toMatchObject({ sealed: true, intact: true, coversWholeFile: true });
    const certificate = flat((await extractText(pdf)).slice(1));
    expect(certificate).toContain('電子簽署完成證明');
    expect(certificate).toContain('周志明');
    expect(certificate).toContain(user.email);
    expect(certificate).toContain(SIGNING_CONSENT['zh-TW'].replace(/\s+/g, ''));

    for (const [url, who] of [
      [mine(draft.id, '/verify'), token],
      [staffDoc(draft.id, '/verify'), cast.admin.token],
    ] as const) {
      const verified = dataOf<LegalDocumentVerification>(await call('GET', url, who));
      expect(verified).toMatchObject({
        ok: true,
        complete: true,
        signed: { ok: true, seal: { ours: true } },
      });
      expect(verified.events.map((e) => e.kind)).toEqual(SIGNED_AFTER_ONE_WRONG_CODE);
      expect(verified.events.at(-1)?.actor).toEqual({ type: 'startup', id: user.id });
    }
    // Staff see it signed on the case; the case history names the startup as who signed.
    const caseDocs = dataOf<ListBody<LegalDocument>>(
      await call('GET', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token),
    );
    expect(caseDocs.result.find((d) => d.id === draft.id)?.status).toBe('signed');
    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log[0]).toMatchObject({ action: 'document.sign', actor: { type: 'startup', id: user.id } });
    expect(
      await count(
        sql`select count(*)::int as n from files where type = 'startup_loi_signed' and owner_kind = 'startup' and owner_id = ${user.id}`,
      ),
    ).toBe(1);
  });

  it('holds the five tries against concurrent guesses, and signs once when confirmed twice at once', async () => {
    const { user, token, draft } = await startupCase();
    dataOf(await call('POST', staffDoc(draft.id, '/send'), cast.ao.token));
    await view(draft.id, token);
    dataOf(await start(draft.id, token));
    const first = codeMailedTo(user.email);
    const guesses = await Promise.all(
      Array.from({ length: 7 }, () => confirm(draft.id, token, wrong(first))),
    );
    expect(guesses.map((r) => r.statusCode).sort()).toEqual([410, 410, 410, 422, 422, 422, 422]);
    expectErrorShape(await confirm(draft.id, token, first), 410, 'SIGN_CODE_EXPIRED');

    dataOf(await start(draft.id, token));
    const code = codeMailedTo(user.email);
    const both = await Promise.all([confirm(draft.id, token, code), confirm(draft.id, token, code)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(dataOf<LegalDocument>(both[0]!).signed_sha256).toBe(dataOf<LegalDocument>(both[1]!).signed_sha256);
    expect(
      await count(
        sql`select count(*)::int as n from legal_document_events where document_id = ${draft.id} and kind = 'signed'`,
      ),
    ).toBe(1);
    // A signed letter cannot be signed again; voiding it keeps it visible to the startup, as voided.
    expectErrorShape(await start(draft.id, token), 409, 'DOCUMENT_STATE');
    dataOf(await call('POST', staffDoc(draft.id, '/void'), cast.ao.token, { reason: '本輪條件變更' }));
    expect(dataOf<LegalDocument>(await call('GET', mine(draft.id), token)).status).toBe('void');
  });

  it('is voided after it was sent: the code no longer signs, and the startup sees it voided', async () => {
    const { user, token, draft } = await startupCase();
    dataOf(await call('POST', staffDoc(draft.id, '/send'), cast.ao.token));
    await view(draft.id, token);
    dataOf(await start(draft.id, token));
    const code = codeMailedTo(user.email);
    dataOf(await call('POST', staffDoc(draft.id, '/void'), cast.ao.token, { reason: '本輪條件變更' }));
    expectErrorShape(await confirm(draft.id, token, code), 409, 'DOCUMENT_STATE');
    const list = dataOf<ListBody<LegalDocument>>(await call('GET', mine(), token));
    expect(list.result.map((d) => [d.id, d.status])).toEqual([[draft.id, 'void']]);
    // A voided draft (never sent) stays staff's.
    const { token: second, draft: never } = await startupCase();
    dataOf(await call('POST', staffDoc(never.id, '/void'), cast.ao.token, { reason: '重擬' }));
    expect(dataOf<ListBody<LegalDocument>>(await call('GET', mine(), second)).count).toBe(0);
  });

  it('keeps the signer columns exactly one (the table refuses both or neither)', async () => {
    const { draft } = await startupCase();
    const client = await buildClient(t.database.db);
    await expect(
      t.database.db.execute(sql`update legal_documents set client_id = ${client.id} where id = ${draft.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update legal_documents set startup_user_id = null where id = ${draft.id}`),
    ).rejects.toThrow();
  });
});
