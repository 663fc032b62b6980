import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CASE_STAGES,
  type CaseStage,
  caseCodeName,
  investorCaseAccess,
  MEMBERSHIP_TIERS,
  type MembershipTier,
} from '@dealflow/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientInterests, files, legalDocuments } from '../src/db/schema/index.ts';
import { buildCase, buildCaseRole, buildClient, signIn, staffSession } from './factories.ts';
import { bearer, buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';

/**
 * What each investor may see of each case (issue 13): every tier × every stage × shown on the fund
 * platform or not × de-identified or not × NDA signed or not × role or not. The list and a case's
 * detail must agree, and no reply may carry an admin-only term-sheet field, the fund's role lists,
 * or — while masked — the company's name or website.
 */
let t: TestApp;
let ao: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  const s = await staffSession(t.app, t.database.db, 'ao');
  ao = { id: s.employee.id, token: s.token };
});

const base = '/api/internal/v1/me/cases';
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const ADMIN_ONLY = 'ADMIN-ONLY-不可外流';

interface MatrixCase {
  id: number;
  name: string;
  stage: CaseStage;
  shown: boolean;
  deIdentified: boolean;
}

/** One file row the NDA rows can point at (the PDF itself does not matter here). */
async function placeholderFile() {
  const [row] = await t.database.db
    .insert(files)
    .values({
      storage_key: `test/${randomBytes(8).toString('hex')}`,
      name: 'nda.pdf',
      size: 1,
      mime: 'application/pdf',
      sha256: '0'.repeat(64),
      kind: 'doc',
      type: 'nda',
      owner_kind: 'employee',
      owner_id: ao.id,
    })
    .returning();
  return row!;
}

async function signedNda(
  caseId: number,
  clientId: number,
  fileId: number,
  status: 'signed' | 'sent' = 'signed',
) {
  await t.database.db.insert(legalDocuments).values({
    kind: 'nda',
    lang: 'zh-TW',
    status,
    case_id: caseId,
    client_id: clientId,
    content: {},
    file_id: fileId,
    sha256: '0'.repeat(64),
  });
}

describe('the investor case rule, every combination', () => {
  it('list and detail agree with investorCaseAccess, and nothing hidden leaks', {
    timeout: 240_000,
  }, async () => {
    const domain = `matrix-${randomBytes(4).toString('hex')}`;
    const matrix: MatrixCase[] = [];
    for (const stage of CASE_STAGES)
      for (const shown of [false, true])
        for (const deIdentified of [false, true]) {
          const name = `矩陣公司${randomBytes(3).toString('hex')}`;
          const row = await buildCase(t.database.db, {
            name,
            status: stage,
            ao_id: ao.id,
            website: `https://www.${name.slice(4)}.example.com`,
            domain_keys: [domain],
            de_identification: deIdentified,
            overview: `${name} 是一家物流新創。\n第二行`,
            fund_info: { lead_angel: 999_999, panel: [999_998] },
            term_sheet: {
              is_show_fund_platform: shown,
              anti_dilution: ADMIN_ONLY,
              priority_exit: ADMIN_ONLY,
              summary_terms: `${name} 本輪募資條件`,
              total_amount: 50_000_000,
            },
          });
          matrix.push({ id: row.id, name, stage, shown, deIdentified });
        }
    const file = await placeholderFile();

    let checkedDetails = 0;
    for (const tier of MEMBERSHIP_TIERS)
      for (const hasRole of [false, true])
        for (const ndaSigned of [false, true]) {
          const client = await buildClient(t.database.db, { membership: tier, name: `矩陣投資人 ${tier}` });
          for (const c of matrix) {
            if (hasRole)
              await buildCaseRole(t.database.db, { case_id: c.id, client_id: client.id, role: 'co_invest' });
            if (ndaSigned) await signedNda(c.id, client.id, file.id);
          }
          const token = await signIn(t.app, 'investor', client.email);
          const expected = new Map(
            matrix.map((c) => [
              c.id,
              investorCaseAccess({
                tier: tier as MembershipTier,
                expired: false,
                stage: c.stage,
                shownOnFundPlatform: c.shown,
                deIdentified: c.deIdentified,
                hasRole,
                invited: false,
                ndaSigned,
              }),
            ]),
          );
          const visible = matrix.filter((c) => expected.get(c.id)?.visible).map((c) => c.id);

          const list = await get(`${base}?domain=${domain}&size=200`, token);
          expect(list.statusCode, list.body).toBe(200);
          const body = list.json() as {
            data: { result: Array<{ id: number; name: string }>; count: number };
          };
          const label = `${tier} role=${hasRole} nda=${ndaSigned}`;
          expect(body.data.result.map((r) => r.id).sort(), label).toEqual([...visible].sort());
          expect(body.data.count, label).toBe(visible.length);
          expect(list.body).not.toContain(ADMIN_ONLY);
          expect(list.body).not.toContain('999999');

          // The industry pages' facets count the same cases, stage by stage.
          const facets = await get(`${base}/industries`, token);
          expect(facets.statusCode, facets.body).toBe(200);
          const perStage = new Map<string, number>();
          for (const f of (
            facets.json() as {
              data: { result: Array<{ domain_keys: string[]; status: string; cases: number }> };
            }
          ).data.result.filter((f) => f.domain_keys.includes(domain)))
            perStage.set(f.status, (perStage.get(f.status) ?? 0) + f.cases);
          const expectedPerStage = new Map<string, number>();
          for (const c of matrix.filter((c) => expected.get(c.id)?.visible))
            expectedPerStage.set(c.stage, (expectedPerStage.get(c.stage) ?? 0) + 1);
          expect(Object.fromEntries(perStage), label).toEqual(Object.fromEntries(expectedPerStage));
          expect(facets.body).not.toContain('矩陣公司');

          for (const c of matrix) {
            const access = expected.get(c.id)!;
            const detail = await get(`${base}/${c.id}`, token);
            checkedDetails++;
            if (!access.visible) {
              expectErrorShape(detail, 404, 'CASE_NOT_FOUND');
              continue;
            }
            expect(detail.statusCode, `${label} ${c.stage}`).toBe(200);
            expect(detail.body).not.toContain(ADMIN_ONLY);
            expect(detail.body).not.toContain('999998');
            const data = (detail.json() as { data: Record<string, unknown> }).data;
            expect(data.term_sheet).not.toHaveProperty('is_show_fund_platform');
            expect(data).not.toHaveProperty('fund_info');
            expect(data.access).toMatchObject({
              masked: access.masked,
              may_register_interest: access.mayRegisterInterest,
              invests_through_fund: access.investsThroughFund,
            });
            const inList = body.data.result.find((r) => r.id === c.id)!;
            expect(inList.name).toBe(data.name);
            if (access.masked) {
              expect(data.name).toBe(caseCodeName(c.id));
              expect(data.website).toBeNull();
              // The company's name is nowhere in the reply, not even inside the texts.
              expect(detail.body).not.toContain(c.name);
              expect(list.body).not.toContain(c.name);
              expect(detail.body).not.toContain(c.name.slice(4));
            } else {
              expect(data.name).toBe(c.name);
              expect(data.headline).toBe(`${c.name} 是一家物流新創。`);
            }
          }
        }
    expect(checkedDetails).toBe(MEMBERSHIP_TIERS.length * 4 * matrix.length);
  });
});

describe('invitations, expiry, search and interest', () => {
  it('a general member sees a case staff invited them to, not after it is dropped', async () => {
    const kase = await buildCase(t.database.db, { status: 's0', ao_id: ao.id });
    const client = await buildClient(t.database.db);
    const token = await signIn(t.app, 'investor', client.email);
    expectErrorShape(await get(`${base}/${kase.id}`, token), 404, 'CASE_NOT_FOUND');
    // An interest the investor records for themselves is not an invitation.
    await t.database.db.insert(clientInterests).values({ client_id: client.id, case_id: kase.id });
    expectErrorShape(await get(`${base}/${kase.id}`, token), 404, 'CASE_NOT_FOUND');
    await t.database.db.execute(
      sql`update client_interests set created_by = ${ao.id} where client_id = ${client.id} and case_id = ${kase.id}`,
    );
    const seen = await get(`${base}/${kase.id}`, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.access.via).toBe('invitation');
    await t.database.db.execute(sql`update cases set status = 'drop' where id = ${kase.id}`);
    expectErrorShape(await get(`${base}/${kase.id}`, token), 404, 'CASE_NOT_FOUND');
  });

  it('an expired membership sees nothing, with a code the leave dialog reads', async () => {
    const kase = await buildCase(t.database.db, { status: 's2', ao_id: ao.id });
    const client = await buildClient(t.database.db, {
      membership: 'gp',
      expiry_at: new Date(Date.now() - 1000),
    });
    await buildCaseRole(t.database.db, { case_id: kase.id, client_id: client.id, role: 'co_invest' });
    const token = await signIn(t.app, 'investor', client.email);
    expectErrorShape(await get(base, token), 403, 'MEMBERSHIP_EXPIRED');
    expectErrorShape(await get(`${base}/${kase.id}`, token), 403, 'MEMBERSHIP_EXPIRED');
    expectErrorShape(await get(`${base}/${kase.id}/files`, token), 403, 'MEMBERSHIP_EXPIRED');
  });

  it('searches by name only where the name is not masked, and by code name always', async () => {
    const name = `搜尋測試${randomBytes(3).toString('hex')}`;
    const masked = await buildCase(t.database.db, { name, status: 's2', de_identification: true });
    const plain = await buildCase(t.database.db, { name: `${name}二號`, status: 's2' });
    const client = await buildClient(t.database.db, { membership: 'gp' });
    const token = await signIn(t.app, 'investor', client.email);
    const ids = async (q: string) =>
      ((await get(`${base}?q=${encodeURIComponent(q)}`, token)).json().data.result as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await ids(name)).toEqual([plain.id]);
    expect(await ids(caseCodeName(masked.id))).toEqual([masked.id]);
    expect(await ids('100%_\\')).toEqual([]);
  });

  it('refuses staff, startups, strangers and bad input cleanly', async () => {
    expectErrorShape(await get(base), 401);
    expectErrorShape(await get(base, ao.token), 403, 'WRONG_STRATEGY');
    const client = await buildClient(t.database.db, { membership: 'gp' });
    const token = await signIn(t.app, 'investor', client.email);
    expectErrorShape(await get(`${base}?q=${encodeURIComponent('a\u0000b')}`, token), 400);
    expectErrorShape(await get(`${base}?sort=name:asc`, token), 400);
    expectErrorShape(await get(`${base}?status=draft`, token), 400);
    expectErrorShape(await get(`${base}/99999999999`, token), 400);
  });

  it('registers interest with an amount for co-investment tiers only, and withdraws it', async () => {
    const kase = await buildCase(t.database.db, {
      status: 's2',
      term_sheet: { is_show_fund_platform: true },
    });
    const coInvest = await buildClient(t.database.db, { membership: 'paid_co_invest' });
    const throughFund = await buildClient(t.database.db, { membership: 'paid' });
    const a = await signIn(t.app, 'investor', coInvest.email);
    const b = await signIn(t.app, 'investor', throughFund.email);
    const put = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `${base}/${kase.id}/interest`, headers: bearer(token), payload });

    expectErrorShape(await put(b, { amount: 1_000_000 }), 409, 'INTEREST_NOT_OFFERED');
    const card = (await get(`${base}/${kase.id}`, b)).json().data;
    expect(card.access).toMatchObject({ may_register_interest: false, invests_through_fund: true });

    // Two registrations at once end in one interest.
    const [r1, r2] = await Promise.all([put(a, { amount: 2_000_000 }), put(a, { amount: 3_000_000 })]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const rows = await t.database.db
      .select()
      .from(clientInterests)
      .where(sql`client_id = ${coInvest.id} and case_id = ${kase.id}`);
    expect(rows).toHaveLength(1);
    expect((await get(`${base}/${kase.id}`, a)).json().data.interest.amount).toBeGreaterThan(1_000_000);

    // Staff who work clients see it on the case and the client.
    const admin = await staffSession(t.app, t.database.db, 'admin');
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/internal/v1/client/interests?case_id=${kase.id}`,
      headers: bearer(admin.token),
    });
    expect(staffView.json().data.result.map((r: { client: { id: number } }) => r.client.id)).toContain(
      coInvest.id,
    );

    const del = () =>
      t.app.inject({ method: 'DELETE', url: `${base}/${kase.id}/interest`, headers: bearer(a) });
    expect((await del()).statusCode).toBe(200);
    expectErrorShape(await del(), 404, 'INTEREST_NOT_FOUND');
    expect((await get(`${base}/${kase.id}`, a)).json().data.interest).toBeNull();
    expectErrorShape(await put(a, { amount: -1 }), 400);
    expectErrorShape(await put(a, { note: 'x'.repeat(2001) }), 400);
  });

  it('withdrawing keeps an invitation staff made', async () => {
    const kase = await buildCase(t.database.db, { status: 's3' });
    // Not on the fund platform: this LP sees it only through the invitation.
    const client = await buildClient(t.database.db, { membership: 'lp_cvc_co_invest' });
    await t.database.db
      .insert(clientInterests)
      .values({ client_id: client.id, case_id: kase.id, created_by: ao.id, level: 2 });
    const token = await signIn(t.app, 'investor', client.email);
    const card = (await get(`${base}/${kase.id}`, token)).json().data;
    expect(card.access).toMatchObject({ via: 'invitation', may_register_interest: true });
    expect(card.interest).toBeNull();
    const url = `${base}/${kase.id}/interest`;
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { amount: 500_000 } }))
        .statusCode,
    ).toBe(200);
    expect((await get(`${base}/${kase.id}`, token)).json().data.interest.amount).toBe(500_000);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(token) })).statusCode).toBe(200);
    const after = await get(`${base}/${kase.id}`, token);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.interest).toBeNull();
    const [row] = await t.database.db.select().from(clientInterests).where(sql`client_id = ${client.id}`);
    expect(row).toMatchObject({ level: 2, created_by: ao.id, registered_at: null });
  });
});

describe("the investor's own NDA, LOI and COI", () => {
  it('makes an NDA under the code name, once even when asked twice at once, and LOI/COI only after it', async () => {
    const name = `保密公司${randomBytes(3).toString('hex')}`;
    const kase = await buildCase(t.database.db, {
      name,
      status: 's2',
      de_identification: true,
      ao_id: ao.id,
    });
    const client = await buildClient(t.database.db, { membership: 'gp', name: '林投資' });
    const token = await signIn(t.app, 'investor', client.email);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${base}/${kase.id}/documents`, headers: bearer(token), payload });

    expectErrorShape(await post({ kind: 'loi' }), 409, 'NDA_REQUIRED');
    expectErrorShape(await post({ kind: 'coi' }), 409, 'NDA_REQUIRED');
    expectErrorShape(await post({ kind: 'subscription' }), 400);

    const [a, b] = await Promise.all([post({ kind: 'nda' }), post({ kind: 'nda' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const doc = a.json().data as { id: number; status: string; case: { name: string } };
    expect(b.json().data.id).toBe(doc.id);
    expect(doc.status).toBe('sent');
    expect(doc.case.name).toBe(caseCodeName(kase.id));
    const docs = await t.database.db
      .select()
      .from(legalDocuments)
      .where(sql`case_id = ${kase.id} and client_id = ${client.id}`);
    expect(docs).toHaveLength(1);

    const mine = await get('/api/internal/v1/me/documents', token);
    expect(mine.body).not.toContain(name);
    const pdf = await get(`/api/internal/v1/me/documents/${doc.id}/pdf`, token);
    expect(pdf.statusCode).toBe(200);
    const { extractText } = await import('../src/lib/pdf/text.ts');
    const text = (await extractText(new Uint8Array(pdf.rawPayload))).join('\n');
    expect(text).toContain(caseCodeName(kase.id));
    expect(text).not.toContain(name);

    // Signed (the flow itself is tested in legalDocSigning.test.ts): the name comes back, LOI opens.
    await t.database.db.execute(sql`update legal_documents set status = 'signed' where id = ${doc.id}`);
    expect((await get(`${base}/${kase.id}`, token)).json().data.name).toBe(name);
    expect((await get(`/api/internal/v1/me/documents/${doc.id}`, token)).json().data.case.name).toBe(name);
    const loi = await post({ kind: 'loi', commitment_amount: 3_000_000 });
    expect(loi.statusCode, loi.body).toBe(201);
    const list = await get(`${base}/${kase.id}/documents`, token);
    expect(
      list
        .json()
        .data.map((d: { kind: string }) => d.kind)
        .sort(),
    ).toEqual(['loi', 'nda']);
    // Another investor reaches none of it.
    const other = await buildClient(t.database.db, { membership: 'general' });
    const otherToken = await signIn(t.app, 'investor', other.email);
    expectErrorShape(await get(`${base}/${kase.id}/documents`, otherToken), 404, 'CASE_NOT_FOUND');
    expectErrorShape(await get(`/api/internal/v1/me/documents/${doc.id}`, otherToken), 404);
  });
});

describe('questions on a case', () => {
  it('an investor asks, staff answer on the case, and only that investor reads the pair', async () => {
    const name = `問答公司${randomBytes(3).toString('hex')}`;
    const kase = await buildCase(t.database.db, {
      name,
      status: 's2',
      ao_id: ao.id,
      de_identification: true,
    });
    const a = await buildClient(t.database.db, { membership: 'gp', name: '提問者甲' });
    const b = await buildClient(t.database.db, { membership: 'gp', name: '旁觀者乙' });
    const ta = await signIn(t.app, 'investor', a.email);
    const tb = await signIn(t.app, 'investor', b.email);
    const url = `${base}/${kase.id}/comments`;
    // A published comment and one scheduled for later; the published one names the company.
    for (const [comment, publish_at] of [
      [`${name} 完成第一階段查核`, new Date(Date.now() - 60_000)],
      ['尚未公開的評論', new Date(Date.now() + 86_400_000)],
    ] as const)
      await t.app.inject({
        method: 'POST',
        url: `/api/internal/v1/cases/${kase.id}/comments`,
        headers: bearer(ao.token),
        payload: { comment, publish_at: publish_at.toISOString() },
      });

    const asked = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(ta),
      payload: { comment: '請問本輪的領投方是誰？' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const question = asked.json().data as { id: number; kind: string };
    expect(question.kind).toBe('question');
    expectErrorShape(
      await t.app.inject({ method: 'POST', url, headers: bearer(ta), payload: { comment: '' } }),
      400,
    );

    const staffList = await t.app.inject({
      method: 'GET',
      url: `/api/internal/v1/cases/${kase.id}/comments?type=investor_question`,
      headers: bearer(ao.token),
    });
    expect(staffList.json().data.result[0]).toMatchObject({
      id: question.id,
      asked_by: { id: a.id, name: '提問者甲' },
    });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/internal/v1/cases/${kase.id}/comments`,
      headers: bearer(ao.token),
      payload: { comment: '領投方為國發基金。', reply_to: question.id },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ type: 'investor_answer', reply_to: question.id });
    // An answer must answer a question of this case.
    const other = await buildCase(t.database.db, { status: 's2' });
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: `/api/internal/v1/cases/${other.id}/comments`,
        headers: bearer(ao.token),
        payload: { comment: 'x', reply_to: question.id },
      }),
      400,
    );

    const mine = (await get(url, ta)).json().data as Array<{
      kind: string;
      comment: string;
      author: string | null;
    }>;
    expect(mine.map((c) => c.kind)).toEqual(['update', 'question', 'answer']);
    expect(mine[0]?.comment).toBe(`${caseCodeName(kase.id)} 完成第一階段查核`);
    expect(JSON.stringify(mine)).not.toContain(name);
    const theirs = (await get(url, tb)).json().data as Array<{ kind: string }>;
    expect(theirs.map((c) => c.kind)).toEqual(['update']);
  });
});
