import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';
import { buildCase, buildEmployee } from './factories.ts';
import { buildCast, caller, type Cast, dataOf, failingFields } from './staffCast.ts';

let t: TestApp;
let cast: Cast;
let call: ReturnType<typeof caller>;
const v1 = '/api/internal/v1/cases';

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t);
  call = caller(t);
});

type CaseBody = { id: number; rating_ao_score: number | null; rating_ir_score: number | null };

describe('ratings of a case (CASE_RATING_ROLES)', () => {
  it('an ao sets the AO score of their case but never the IR score', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const rated = dataOf<CaseBody>(await call('PUT', `${v1}/${c.id}`, cast.ao.token, { rating_ao_score: 4 }));
    expect(rated.rating_ao_score).toBe(4);
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, cast.ao.token, { rating_ir_score: 3 }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(
      await call('PUT', `${v1}/${c.id}`, cast.ao.token, { rating_ir_score: null }),
      403,
      'FORBIDDEN',
    );
    expectErrorShape(
      await call('POST', v1, cast.ao.token, { name: '新案', status: 's0', rating_ir_score: 5 }),
      403,
      'FORBIDDEN',
    );
    const after = dataOf<CaseBody>(await call('GET', `${v1}/${c.id}`, cast.ao.token));
    expect(after).toMatchObject({ rating_ao_score: 4, rating_ir_score: null });
  });

  it('an admin sets both scores', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const rated = dataOf<CaseBody>(
      await call('PUT', `${v1}/${c.id}`, cast.admin.token, { rating_ao_score: 2, rating_ir_score: 5 }),
    );
    expect(rated).toMatchObject({ rating_ao_score: 2, rating_ir_score: 5 });
  });
});

describe('the AO and agents of a case are colleagues who work on cases (canBeAssigned)', () => {
  it('refuses an ir or sa as AO or agent, accepts an ao', async () => {
    const c = await buildCase(t.database.db, { ao_id: cast.ao.id });
    const sales = await buildEmployee(t.database.db, { role: 'sa' });
    expect(failingFields(await call('PUT', `${v1}/${c.id}`, cast.admin.token, { ao_id: sales.id }))).toEqual([
      'body.ao_id',
    ]);
    expect(
      failingFields(await call('PUT', `${v1}/${c.id}`, cast.ao.token, { agent_ids: [cast.ir.id] })),
    ).toEqual(['body.agent_ids']);
    expect(
      (await call('PUT', `${v1}/${c.id}`, cast.ao.token, { agent_ids: [cast.otherAo.id] })).statusCode,
    ).toBe(200);
  });
});
