import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

type Operation = {
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, unknown>;
  security?: Array<Record<string, unknown>>;
};

const dd = '/api/internal/v2/cases/{caseId}/dd';
const review = '/api/internal/v1/cases/{userId}/review';
/** [method, path, has a JSON body] */
const SIGNED_IN: Array<[string, string, boolean]> = [
  ['get', dd, false],
  ['post', dd, true],
  ['get', `${dd}/{ddId}`, false],
  ['put', `${dd}/{ddId}`, true],
  ['delete', `${dd}/{ddId}`, false],
  ['post', `${dd}/import`, false],
  ['get', '/api/internal/v2/dd', false],
  ['get', review, false],
  ['post', review, true],
  ['put', review, true],
  ['delete', review, false],
  ['get', `${review}/diff`, false],
  ['post', `${review}/apply`, false],
  ['get', '/api/internal/v1/cases/{id}/review/list', false],
  ['get', '/static_api/v1/staticKey/{fixedId}', false],
  ['get', '/api/v1/options', false],
];

describe('OpenAPI of due-diligence comments, reviews and static lists', () => {
  it('documents every route with a tag, bearer security, its parameters, body and error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const [method, path, hasBody] of SIGNED_IN) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op!.tags?.length, path).toBeGreaterThan(0);
      // A token is required: staff, startup or any sign-in, as the route's guard says.
      expect(op!.security?.length, path).toBeGreaterThan(0);
      for (const requirement of op!.security ?? [])
        expect(Object.keys(requirement), path).toEqual([
          expect.stringMatching(/^(bearer|startup|investor)Auth$/),
        ]);
      expect(Object.keys(op!.responses), path).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), path).toEqual(pathParams.sort());
      if (hasBody) expect(op!.requestBody, `${method} ${path}`).toBeDefined();
      if (path.includes('/cases/')) expect(Object.keys(op!.responses), path).toContain('404');
    }
    expect(doc.paths[`${dd}/import`]!.post!.responses).toHaveProperty('413');
    expect(doc.paths['/static_api/v1/currencies']?.get?.tags).toEqual(['static']);
  });
});
