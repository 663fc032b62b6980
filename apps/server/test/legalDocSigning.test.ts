import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LegalDocument, type LegalDocumentVerification, SIGNING_CONSENT } from '@dealflow/domain';
import { verifySeal } from '../src/lib/pdf/seal.ts';
import { extractText } from '../src/lib/pdf/text.ts';
import { buildCase, buildClient, signIn } from './factories.ts';
import { upload } from './upload.ts';
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
 * Issue 12, signing with evidence: the investor a document was sent to opens it, consents, gets a
 * code by mail and signs; the signed PDF carries the certificate and the platform's seal, and the
 * trail records every step. Nobody else reaches the document; the try and send limits hold under
 * concurrent requests.
 */
let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
const mine = myDocumentPath;
const staffDoc = (id: number, rest = '') => `/api/internal/v1/documents/${id}${rest}`;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');

beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
  cast = await buildCast(t);
  call = caller(t);
});

/** A signed-in investor with a sent document (an NDA on a fresh case unless told). */
async function sentDocument(kind: 'nda' | 'loi' | 'coi' | 'subscription' = 'nda') {
  const client = await buildClient(t.database.db, { name: '陳美玲' });
  const token = await signIn(t.app, 'investor', client.email);
  const kase = await buildCase(t.database.db, { name: '光譜能源股份有限公司', ao_id: cast.ao.id });
  const created = dataOf<LegalDocument>(
    await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token, {
      kind,
      client_id: client.id,
      // A COI is signed only with its declaration (issue 13).
      ...(kind === 'coi' ? { conflict_declaration: { conflict: false } } : {}),
    }),
  );
  dataOf(await call('POST', staffDoc(created.id, '/send'), cast.ao.token));
  return { client, token, kase, doc: created };
}

const view = (id: number, token: string, query = '') => openMyPdf(t, id, token, query);

/** The code of the last mail sent to `email`. */
const codeMailedTo = (email: string) => mailedCodeTo(mailer, email);

const start = (id: number, token: string, body: Record<string, unknown> = {}) =>
  call('POST', mine(id, '/sign/start'), token, { consent: true, name: '陳美玲', ...body });
const confirm = (id: number, token: string, code: string) =>
  call('POST', mine(id, '/sign/confirm'), token, { code });
const wrong = wrongCode;

describe('signing a legal document', () => {
  it('refuses anonymous and staff on every signer route, and startups a declaration', async () => {
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', mine()],
      ['GET', mine(1)],
      ['GET', mine(1, '/pdf')],
      ['POST', mine(1, '/sign/start')],
      ['POST', mine(1, '/sign/confirm')],
      ['GET', mine(1, '/verify')],
    ];
    for (const [method, url] of routes) {
      expectErrorShape(await call(method, url), 401);
      expectErrorShape(await call(method, url, cast.admin.token), 403, 'WRONG_STRATEGY');
    }
    // A startup reads and signs what is addressed to it (issue 14, startupLoi.test.ts); a COI's
    // declaration is the investor's alone.
    expectErrorShape(
      await call('PUT', mine(1, '/declaration'), cast.startup, { conflict: false }),
      403,
      'WRONG_STRATEGY',
    );
  });

  it('shows the signer only what was sent to them, and no one else anything', async () => {
    const client = await buildClient(t.database.db);
    const token = await signIn(t.app, 'investor', client.email);
    const kase = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const draft = dataOf<LegalDocument>(
      await call('POST', `/api/internal/v1/cases/${kase.id}/documents`, cast.ao.token, {
        kind: 'coi',
        client_id: client.id,
      }),
    );
    // Another investor: not found, whatever they try.
    await expectSentOnlyToSigner(call, {
      id: draft.id,
      token,
      strangers: [cast.investor],
      send: async () => dataOf(await call('POST', staffDoc(draft.id, '/send'), cast.ao.token)),
    });
    expect(dataOf<ListBody<LegalDocument>>(await call('GET', mine(), cast.investor)).count).toBe(0);
  });

  it('signs with consent and the mailed code: certificate page, seal, trail and case history', async () => {
    const { client, token, kase, doc } = await sentDocument('nda');
    expectErrorShape(await start(doc.id, token), 409, 'DOCUMENT_NOT_VIEWED');

    const presented = await view(doc.id, token);
    expect(createHash('sha256').update(presented).digest('hex')).toBe(doc.sha256);
    await view(doc.id, token); // a second look within minutes adds nothing to the trail

    expect(
      failingFields(
        await call('POST', mine(doc.id, '/sign/start'), token, { consent: false, name: '陳美玲' }),
      ),
    ).toEqual(['body.consent']);
    expect(failingFields(await start(doc.id, token, { name: '  ' }))).toEqual(['body.name']);
    const started = dataOf<{ sent_to: string; expires_at: string; sends_left: number }>(
      await start(doc.id, token),
    );
    expect(started.sent_to).toMatch(/^in\*\*\*@/);
    expect(started.sends_left).toBe(4);
    expect(new Date(started.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const mail = mailer.sent.at(-1);
    expect(mail?.to).toBe(client.email);
    expect(mail?.text).toContain('保密協議書');
    const code = codeMailedTo(client.email);

    const refused = expectErrorShape(await confirm(doc.id, token, wrong(code)), 422, 'SIGN_CODE_INVALID');
    expect((refused as { details?: unknown }).details).toEqual({ attempts_left: 4 });
    expect(failingFields(await confirm(doc.id, token, '12ab56'))).toEqual(['body.code']);

    const signed = dataOf<LegalDocument>(await confirm(doc.id, token, code));
    expect(signed).toMatchObject({ id: doc.id, status: 'signed', sha256: doc.sha256 });
    expect(signed.signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.signed_at).not.toBeNull();
    // Confirming again answers the signed document; nothing is signed twice.
    expect(dataOf<LegalDocument>(await confirm(doc.id, token, code)).signed_sha256).toBe(
      signed.signed_sha256,
    );
    expectErrorShape(await start(doc.id, token), 409, 'DOCUMENT_STATE');

    const pdf = await view(doc.id, token, '?signed=1');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(signed.signed_sha256);
    const seal = verifySeal(pdf);
    expect(seal).toMatchObject({
      sealed: true,
      intact: true,
      coversWholeFile: true,
      signer: 'Dealflow Document Seal',
    });
    const pages = await extractText(pdf);
    const certificate = flat(pages.slice(1));
    expect(flat(pages.slice(0, 1))).toContain('保密協議書');
    expect(certificate).toContain('電子簽署完成證明');
    expect(certificate).toContain('陳美玲');
    expect(certificate).toContain(client.email);
    expect(certificate).toContain(doc.sha256);
    expect(certificate).toContain(SIGNING_CONSENT['zh-TW'].replace(/\s+/g, ''));
    expect(certificate).toContain('驗證碼錯誤');

    for (const [url, token_] of [
      [mine(doc.id, '/verify'), token],
      [staffDoc(doc.id, '/verify'), cast.admin.token],
    ] as const) {
      const verified = dataOf<LegalDocumentVerification>(await call('GET', url, token_));
      expect(verified).toMatchObject({
        ok: true,
        complete: true,
        document: { ok: true },
        signed: {
          ok: true,
          sha256: signed.signed_sha256,
          seal: { intact: true, covers_whole_file: true, ours: true },
        },
      });
      expect(verified.events.map((e) => e.kind)).toEqual(SIGNED_AFTER_ONE_WRONG_CODE);
      const consented = verified.events.find((e) => e.kind === 'consented');
      expect(consented?.data).toMatchObject({ typed_name: '陳美玲', consent: SIGNING_CONSENT['zh-TW'] });
      expect(verified.events.at(-1)?.data).toMatchObject({ signed_sha256: signed.signed_sha256 });
      expect(verified.events.at(-1)?.actor).toEqual({ type: 'client', id: client.id });
    }
    // Staff download the signed PDF too; the case history says it was signed by the investor.
    const staffPdf = await t.app.inject({
      method: 'GET',
      url: staffDoc(doc.id, '/pdf?signed=1'),
      headers: bearer(cast.ao.token),
    });
    expect(createHash('sha256').update(staffPdf.rawPayload).digest('hex')).toBe(signed.signed_sha256);
    const log = await caseLog(t, cast.admin.token, kase.id);
    expect(log[0]).toMatchObject({ action: 'document.sign', actor: { type: 'client', id: client.id } });
  });

  it('holds the five tries against concurrent guesses, and an expired code', async () => {
    const { client, token, doc } = await sentDocument('coi');
    await view(doc.id, token);
    dataOf(await start(doc.id, token));
    const code = codeMailedTo(client.email);
    const guesses = await Promise.all(Array.from({ length: 8 }, () => confirm(doc.id, token, wrong(code))));
    const statuses = guesses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([410, 410, 410, 410, 422, 422, 422, 422]);
    // Used up: even the right code is refused now, and a new one is needed.
    expectErrorShape(await confirm(doc.id, token, code), 410, 'SIGN_CODE_EXPIRED');
    const failed = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from legal_document_events where document_id = ${doc.id} and kind = 'code_failed'`,
      ),
    )[0] as { n: number };
    expect(failed.n).toBe(5);

    dataOf(await start(doc.id, token));
    const fresh = codeMailedTo(client.email);
    expect(fresh).not.toBeUndefined();
    await t.database.db.execute(
      sql`update legal_document_sign_codes set expires_at = now() - interval '1 second' where document_id = ${doc.id}`,
    );
    expectErrorShape(await confirm(doc.id, token, fresh), 410, 'SIGN_CODE_EXPIRED');
  });

  it('mails at most five codes a document an hour, even when asked at once', async () => {
    const { token, doc } = await sentDocument('loi');
    await view(doc.id, token);
    const asks = await Promise.all(Array.from({ length: 7 }, () => start(doc.id, token)));
    expect(asks.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = asks.find((r) => r.statusCode === 429);
    expectErrorShape(limited!, 429, 'SIGN_CODE_LIMIT');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('signs once when the right code is confirmed twice at once; keeps one signed file', async () => {
    const { client, token, doc } = await sentDocument('subscription');
    await view(doc.id, token);
    dataOf(await start(doc.id, token));
    const code = codeMailedTo(client.email);
    const both = await Promise.all([confirm(doc.id, token, code), confirm(doc.id, token, code)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const shas = both.map((r) => dataOf<LegalDocument>(r).signed_sha256);
    expect(shas[0]).toBe(shas[1]);
    const files = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from files where type = 'subscription_signed' and owner_id = ${client.id}`,
      ),
    )[0] as { n: number };
    expect(files.n).toBe(1);
    const signedEvents = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from legal_document_events where document_id = ${doc.id} and kind = 'signed'`,
      ),
    )[0] as { n: number };
    expect(signedEvents.n).toBe(1);
  });

  it('keeps a drawn signature, refuses what is not a PNG, and a document voided meanwhile', async () => {
    const { client, token, doc } = await sentDocument('nda');
    await view(doc.id, token);
    expect(
      failingFields(await start(doc.id, token, { drawn_png: 'data:image/png;base64,PHN2Zz4=' })),
    ).toEqual(['body.drawn_png']);
    expect(
      failingFields(await start(doc.id, token, { drawn_png: 'data:image/svg+xml;base64,PHN2Zz4=' })),
    ).toEqual(['body.drawn_png']);
    expect(failingFields(await start(doc.id, token, { name: '陳\u0000美玲' }))).toEqual(['body.name']);
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    dataOf(await start(doc.id, token, { drawn_png: `data:image/png;base64,${png.toString('base64')}` }));
    const code = codeMailedTo(client.email);
    dataOf(await call('POST', staffDoc(doc.id, '/void'), cast.ao.token, { reason: '條件變更' }));
    expectErrorShape(await confirm(doc.id, token, code), 409, 'DOCUMENT_STATE');
    const verified = dataOf<LegalDocumentVerification>(await call('GET', mine(doc.id, '/verify'), token));
    const consented = verified.events.filter((e) => e.kind === 'consented').at(-1);
    expect(consented?.data.drawn_sha256).toBe(createHash('sha256').update(png).digest('hex'));
    // The voided document stays visible to its signer, as voided.
    expect(dataOf<LegalDocument>(await call('GET', mine(doc.id), token)).status).toBe('void');
  });

  it('finds bytes appended to a signed PDF', async () => {
    const { client, token, doc } = await sentDocument('nda');
    await view(doc.id, token);
    dataOf(await start(doc.id, token));
    dataOf(await confirm(doc.id, token, codeMailedTo(client.email)));
    const pdf = await view(doc.id, token, '?signed=1');
    const appended = Buffer.concat([Buffer.from(pdf), Buffer.from('\n% changed after signing\n')]);
    const uploaded = dataOf<{ id: number }>(
      await upload(t, '/api/v1/docs?type=nda', cast.admin.token, [
        { field: 'file', filename: 'x.pdf', type: 'application/pdf', data: appended },
      ]),
    );
    const db = t.database.db;
    const [{ storage_key: key }] = rowsOf(
      await db.execute(sql`select storage_key from files where id = ${uploaded.id}`),
    ) as [{ storage_key: string }];
    await db.execute(sql`update files set storage_key = storage_key || 'x' where id = ${uploaded.id}`);
    await db.execute(
      sql`update files set storage_key = ${key} where id = (select signed_file_id from legal_documents where id = ${doc.id})`,
    );
    const verified = dataOf<LegalDocumentVerification>(await call('GET', mine(doc.id, '/verify'), token));
    expect(verified).toMatchObject({
      ok: false,
      chain: { ok: true },
      signed: { ok: false, seal: { intact: true, covers_whole_file: false, ours: true } },
    });
  });
});
