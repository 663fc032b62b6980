import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseRecusal, ClientInterest, LegalDocument, LegalDocumentVerification } from '@dealflow/domain';
import { extractText } from '../src/lib/pdf/text.ts';
import { buildCase, buildClient, signIn } from './factories.ts';
import { openMyPdf } from './signing.ts';
import {
  bearer,
  buildTestApp,
  capturingMailer,
  expectErrorShape,
  type TestApp,
  codeMailedTo as mailedCodeTo,
} from './helpers.ts';
import { buildCast, type Cast, caller, caseLog, dataOf, failingFields, type ListBody } from './staffCast.ts';

/**
 * Issue 13, the COI bullet: a COI carries the signer's declaration ("no conflict", or a conflict
 * with what it is), printed in the signed PDF. Once a COI declaring a conflict is signed, its
 * investor is recused on that case: interest, LOI, subscription, questions and DD comments as
 * theirs are refused with 409 COI_RECUSED until the COI is voided; staff who read the case list
 * the recusals; the case history records `coi.recuse` and `coi.recusal_lift`.
 */
let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const mailer = capturingMailer();
const mine = (id: number, rest = '') => `/api/internal/v1/me/documents/${id}${rest}`;
const myCase = (id: number, rest = '') => `/api/internal/v1/me/cases/${id}${rest}`;
const caseDocs = (id: number) => `/api/internal/v1/cases/${id}/documents`;
const recusals = (id: number) => `/api/internal/v1/cases/${id}/recusals`;
const flat = (pages: string[]) => pages.join('').replace(/\s+/g, '');

beforeAll(async () => {
  t = await buildTestApp({}, { mailer });
  cast = await buildCast(t);
  call = caller(t);
});

/** A GP investor (sees every case from s1, may register interest) on a fresh case of `cast.ao`. */
async function investorOnCase() {
  const client = await buildClient(t.database.db, { name: '林志明', membership: 'gp' });
  const token = await signIn(t.app, 'investor', client.email);
  const kase = await buildCase(t.database.db, {
    name: '晨星生技股份有限公司',
    status: 's2',
    ao_id: cast.ao.id,
    term_sheet: { is_show_fund_platform: true },
  });
  return { client, token, kase };
}

/** Staff generate and send a COI, with the declaration when given. */
async function sentCoi(caseId: number, clientId: number, declaration?: Record<string, unknown>) {
  const doc = dataOf<LegalDocument>(
    await call('POST', caseDocs(caseId), cast.ao.token, {
      kind: 'coi',
      client_id: clientId,
      ...(declaration ? { conflict_declaration: declaration } : {}),
    }),
  );
  return dataOf<LegalDocument>(
    await call('POST', `/api/internal/v1/documents/${doc.id}/send`, cast.ao.token),
  );
}

const view = (id: number, token: string) => openMyPdf(t, id, token);

const codeMailedTo = (email: string) => mailedCodeTo(mailer, email);

/** Views, consents and asks for the code; returns the confirmation to send. */
async function readyToSign(id: number, token: string, email: string) {
  await view(id, token);
  dataOf(await call('POST', mine(id, '/sign/start'), token, { consent: true, name: '林志明' }));
  const code = codeMailedTo(email);
  return () => call('POST', mine(id, '/sign/confirm'), token, { code });
}

async function sign(id: number, token: string, email: string) {
  return dataOf<LegalDocument>(await (await readyToSign(id, token, email))());
}

const putInterest = (caseId: number, token: string) =>
  call('PUT', myCase(caseId, '/interest'), token, { amount: 1_000_000 });
const ask = (caseId: number, token: string) =>
  call('POST', myCase(caseId, '/comments'), token, { comment: '請問本輪估值依據？' });
const voidDoc = (id: number) =>
  call('POST', `/api/internal/v1/documents/${id}/void`, cast.ao.token, { reason: '聲明有誤，重新簽署' });

async function countActions(caseId: number, action: string) {
  const rows = (
    (await t.database.db.execute(
      sql`select count(*)::int as n from activity_logs where entity_type = 'case' and entity_id = ${caseId} and action = ${action}`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  return rows[0]?.n ?? 0;
}

describe('COI declaration and recusal', () => {
  it('a signed COI declaring a conflict recuses the investor until it is voided', async () => {
    const { client, token, kase } = await investorOnCase();
    const declared = { conflict: true, description: '本人配偶任職於被投資公司財務部' };
    const coi = await sentCoi(kase.id, client.id, declared);
    expect(coi.conflict_declaration).toEqual(declared);
    // Before signing: nothing is refused yet.
    expect((await putInterest(kase.id, token)).statusCode).toBe(200);

    const signed = await sign(coi.id, token, client.email);
    expect(signed.status).toBe('signed');
    // The declaration is part of the signed PDF.
    const signedPdf = await t.app.inject({
      method: 'GET',
      url: mine(coi.id, '/pdf?signed=1'),
      headers: bearer(token),
    });
    const text = flat(await extractText(new Uint8Array(signedPdf.rawPayload)));
    expect(text).toContain('聲明事項（利益衝突）');
    expect(text).toContain('有利益衝突');
    expect(text).toContain('本人配偶任職於被投資公司財務部');

    // Interest, LOI (the investor's and staff's), subscription, questions and DD comments as theirs: refused.
    expectErrorShape(await putInterest(kase.id, token), 409, 'COI_RECUSED');
    expectErrorShape(
      await call('POST', myCase(kase.id, '/documents'), token, { kind: 'loi' }),
      409,
      'COI_RECUSED',
    );
    for (const kind of ['loi', 'subscription'])
      expectErrorShape(
        await call('POST', caseDocs(kase.id), cast.ao.token, { kind, client_id: client.id }),
        409,
        'COI_RECUSED',
      );
    expectErrorShape(await ask(kase.id, token), 409, 'COI_RECUSED');
    expectErrorShape(
      await call('POST', `/api/internal/v2/cases/${kase.id}/dd`, cast.ao.token, {
        content: '投審會意見：贊成',
        client_id: client.id,
      }),
      409,
      'COI_RECUSED',
    );
    // A DD comment not in their name, and the other documents, still go.
    expect(
      (await call('POST', `/api/internal/v2/cases/${kase.id}/dd`, cast.ao.token, { content: '查核紀錄' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('POST', caseDocs(kase.id), cast.ao.token, { kind: 'nda', client_id: client.id }))
        .statusCode,
    ).toBe(200);

    // The investor sees why; staff see the recusal on the case and the interest marked on the client.
    const detail = dataOf<{ recusal: { document_id: number } | null }>(
      await call('GET', myCase(kase.id), token),
    );
    expect(detail.recusal?.document_id).toBe(coi.id);
    const list = dataOf<CaseRecusal[]>(await call('GET', recusals(kase.id), cast.ao.token));
    expect(list).toEqual([
      {
        client: { id: client.id, name: '林志明' },
        document: { id: coi.id, title: '利益衝突聲明書' },
        description: declared.description,
        recused_at: signed.signed_at,
      },
    ]);
    const interests = dataOf<ListBody<ClientInterest>>(
      await call('GET', `/api/internal/v1/client/interests?client_id=${client.id}`, cast.admin.token),
    );
    expect(interests.result.map((i) => [i.case_id, i.recused])).toEqual([[kase.id, true]]);

    let log = await caseLog(t, cast.admin.token, kase.id);
    expect(log.find((e) => e.action === 'coi.recuse')).toMatchObject({
      actor: { type: 'client', id: client.id },
      changes: { recusal: { from: null, to: '林志明' } },
    });

    // Voiding the COI lifts it.
    dataOf(await voidDoc(coi.id));
    expect(dataOf<CaseRecusal[]>(await call('GET', recusals(kase.id), cast.ao.token))).toEqual([]);
    expect(dataOf<{ recusal: unknown }>(await call('GET', myCase(kase.id), token)).recusal).toBeNull();
    expect((await putInterest(kase.id, token)).statusCode).toBe(200);
    expect((await ask(kase.id, token)).statusCode).toBe(201);
    log = await caseLog(t, cast.admin.token, kase.id);
    expect(log.find((e) => e.action === 'coi.recusal_lift')).toMatchObject({
      actor: { type: 'employee', id: cast.ao.id },
      changes: { recusal: { from: '林志明', to: null } },
    });
    const lifted = dataOf<ListBody<ClientInterest>>(
      await call('GET', `/api/internal/v1/client/interests?client_id=${client.id}`, cast.admin.token),
    );
    expect(lifted.result.map((i) => i.recused)).toEqual([false]);
  });

  it('a COI declaring no conflict refuses nothing and records no recusal', async () => {
    const { client, token, kase } = await investorOnCase();
    const coi = await sentCoi(kase.id, client.id, { conflict: false, description: '會被忽略' });
    expect(coi.conflict_declaration).toEqual({ conflict: false, description: null });
    await sign(coi.id, token, client.email);
    expect((await putInterest(kase.id, token)).statusCode).toBe(200);
    expect((await ask(kase.id, token)).statusCode).toBe(201);
    expect((await call('POST', myCase(kase.id, '/documents'), token, { kind: 'loi' })).statusCode).toBe(201);
    expect(dataOf<CaseRecusal[]>(await call('GET', recusals(kase.id), cast.ao.token))).toEqual([]);
    expect(await countActions(kase.id, 'coi.recuse')).toBe(0);
    // Voiding it lifts nothing either.
    dataOf(await voidDoc(coi.id));
    expect(await countActions(kase.id, 'coi.recusal_lift')).toBe(0);
  });

  it('the investor declares before signing: the PDF is laid out again and must be read again', async () => {
    const { client, token, kase } = await investorOnCase();
    const coi = await sentCoi(kase.id, client.id);
    expect(coi.conflict_declaration).toBeNull();
    await view(coi.id, token);
    expectErrorShape(
      await call('POST', mine(coi.id, '/sign/start'), token, { consent: true, name: '林志明' }),
      409,
      'COI_DECLARATION_REQUIRED',
    );
    expect(failingFields(await call('PUT', mine(coi.id, '/declaration'), token, { conflict: true }))).toEqual(
      ['body.description'],
    );
    expectErrorShape(
      await call('PUT', mine(coi.id, '/declaration'), token, {
        conflict: true,
        description: 'x'.repeat(2001),
      }),
      400,
    );
    // Someone else's document, staff and anonymous: not theirs to declare.
    expectErrorShape(
      await call('PUT', mine(coi.id, '/declaration'), cast.investor, { conflict: false }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
    expectErrorShape(
      await call('PUT', mine(coi.id, '/declaration'), cast.ao.token, { conflict: false }),
      403,
    );
    expectErrorShape(await call('PUT', mine(coi.id, '/declaration'), undefined, { conflict: false }), 401);

    const declared = dataOf<LegalDocument>(
      await call('PUT', mine(coi.id, '/declaration'), token, {
        conflict: true,
        description: '持有該公司 3% 股份',
      }),
    );
    expect(declared.conflict_declaration).toEqual({ conflict: true, description: '持有該公司 3% 股份' });
    expect(declared.sha256).not.toBe(coi.sha256);
    // What was read before is not what is signed now.
    expectErrorShape(
      await call('POST', mine(coi.id, '/sign/start'), token, { consent: true, name: '林志明' }),
      409,
      'DOCUMENT_NOT_VIEWED',
    );
    const shown = flat(await extractText(await view(coi.id, token)));
    expect(shown).toContain('持有該公司3%股份');
    // A code sent, then a change of mind: the code no longer signs.
    dataOf(await call('POST', mine(coi.id, '/sign/start'), token, { consent: true, name: '林志明' }));
    const stale = codeMailedTo(client.email);
    dataOf(await call('PUT', mine(coi.id, '/declaration'), token, { conflict: false }));
    expectErrorShape(
      await call('POST', mine(coi.id, '/sign/confirm'), token, { code: stale }),
      410,
      'SIGN_CODE_EXPIRED',
    );
    dataOf(
      await call('PUT', mine(coi.id, '/declaration'), token, {
        conflict: true,
        description: '持有該公司 3% 股份',
      }),
    );
    const signed = await sign(coi.id, token, client.email);
    expect(signed.status).toBe('signed');
    expectErrorShape(await putInterest(kase.id, token), 409, 'COI_RECUSED');
    // The trail (three declarations) and the PDFs still verify.
    const verified = dataOf<LegalDocumentVerification>(await call('GET', mine(coi.id, '/verify'), token));
    expect(verified.ok).toBe(true);
    expect(verified.events.filter((e) => e.kind === 'declared')).toHaveLength(3);
    // Signed: no more declaring.
    expectErrorShape(
      await call('PUT', mine(coi.id, '/declaration'), token, { conflict: false }),
      409,
      'DOCUMENT_STATE',
    );
  });

  it('the investor declares as they make their own COI', async () => {
    const { client, token, kase } = await investorOnCase();
    const res = await call('POST', myCase(kase.id, '/documents'), token, {
      kind: 'coi',
      conflict_declaration: { conflict: true, description: '擔任該公司顧問' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const doc = (res.json() as { data: LegalDocument }).data;
    expect(doc.conflict_declaration).toEqual({ conflict: true, description: '擔任該公司顧問' });
    await sign(doc.id, token, client.email);
    expectErrorShape(await ask(kase.id, token), 409, 'COI_RECUSED');
    // A declaration on another kind is refused.
    expect(
      failingFields(
        await call('POST', myCase(kase.id, '/documents'), token, {
          kind: 'nda',
          conflict_declaration: { conflict: false },
        }),
      ),
    ).toEqual(['body.conflict_declaration']);
  });

  it('lists recusals only to staff who read the case', async () => {
    const { client, token, kase } = await investorOnCase();
    const coi = await sentCoi(kase.id, client.id, { conflict: true, description: '親屬為該公司董事' });
    await sign(coi.id, token, client.email);
    expectErrorShape(await call('GET', recusals(kase.id)), 401);
    expectErrorShape(await call('GET', recusals(kase.id), token), 403, 'WRONG_STRATEGY');
    expectErrorShape(await call('GET', recusals(kase.id), cast.startup), 403, 'WRONG_STRATEGY');
    // SPEC section 6 and our policy: cases are read by admin and ao; ir and sa work clients.
    expectErrorShape(await call('GET', recusals(kase.id), cast.ir.token), 403);
    expectErrorShape(await call('GET', recusals(kase.id), cast.sa.token), 403);
    for (const member of [cast.admin, cast.ao, cast.otherAo])
      expect(
        dataOf<CaseRecusal[]>(await call('GET', recusals(kase.id), member.token)).map((r) => r.client.id),
      ).toEqual([client.id]);
    expectErrorShape(await call('GET', recusals(2_000_000_000), cast.admin.token), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await call('GET', '/api/internal/v1/cases/abc/recusals', cast.admin.token), 400);
  });

  it('refuses NUL and malformed Unicode in a declaration with 400', async () => {
    const { client, token, kase } = await investorOnCase();
    const coi = await sentCoi(kase.id, client.id);
    for (const description of ['有\u0000衝突', 'bad \ud800 surrogate']) {
      expectErrorShape(
        await call('PUT', mine(coi.id, '/declaration'), token, { conflict: true, description }),
        400,
      );
      expectErrorShape(
        await call('POST', caseDocs(kase.id), cast.ao.token, {
          kind: 'coi',
          client_id: client.id,
          conflict_declaration: { conflict: true, description },
        }),
        400,
      );
    }
    expect(dataOf<LegalDocument>(await call('GET', mine(coi.id), token)).conflict_declaration).toBeNull();
  });

  it('keeps one consistent state when signing races an interest, and signing races voiding', async () => {
    // Interest against signing: either the interest came first (and stands), or it is refused.
    for (let round = 0; round < 3; round++) {
      const { client, token, kase } = await investorOnCase();
      const coi = await sentCoi(kase.id, client.id, { conflict: true, description: '同時進行' });
      const confirm = await readyToSign(coi.id, token, client.email);
      const [signed, interest] = await Promise.all([confirm(), putInterest(kase.id, token)]);
      expect(signed.statusCode).toBe(200);
      const rows = (
        (await t.database.db.execute(
          sql`select count(*)::int as n from client_interests where client_id = ${client.id} and case_id = ${kase.id} and registered_at is not null`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      if (interest.statusCode === 200) expect(rows[0]?.n).toBe(1);
      else {
        expectErrorShape(interest, 409, 'COI_RECUSED');
        expect(rows[0]?.n).toBe(0);
      }
      expectErrorShape(await putInterest(kase.id, token), 409, 'COI_RECUSED');
    }
    // Signing against voiding: the history's recusals and lifts match the document's final state.
    for (let round = 0; round < 3; round++) {
      const { client, token, kase } = await investorOnCase();
      const coi = await sentCoi(kase.id, client.id, { conflict: true, description: '同時作廢' });
      const confirm = await readyToSign(coi.id, token, client.email);
      await Promise.all([confirm(), voidDoc(coi.id)]);
      const final = dataOf<LegalDocument>(
        await call('GET', `/api/internal/v1/documents/${coi.id}`, cast.ao.token),
      );
      const list = dataOf<CaseRecusal[]>(await call('GET', recusals(kase.id), cast.ao.token));
      const open =
        (await countActions(kase.id, 'coi.recuse')) - (await countActions(kase.id, 'coi.recusal_lift'));
      if (final.status === 'signed') {
        expect(list).toHaveLength(1);
        expect(open).toBe(1);
      } else {
        expect(final.status).toBe('void');
        expect(list).toEqual([]);
        expect(open).toBe(0);
        expect((await putInterest(kase.id, token)).statusCode).toBe(200);
      }
    }
  });
});
