import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let source: string;
beforeAll(async () => {
  t = await buildTestApp();
  source = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
});

type Operation = { operationId?: string; summary?: string; security?: unknown[] };
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
function operations(): Array<[string, Operation]> {
  const doc = JSON.parse(source) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${p}`, op]),
  );
}

const line = (p: NormalizedProblem) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`;

/**
 * Warnings we keep, each for a reason: these public GETs take no parameter, body or token, so no
 * 4xx answer of theirs exists to describe.
 */
const JUSTIFIED_WARNINGS = [
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  'operation-4xx-response #/paths/~1static_api~1v1~1currencies/get/responses',
  'operation-4xx-response #/paths/~1static_api~1v1~1platform/get/responses',
  // SPEC section 7 "Cards" names both cards/groups/{id} and cards/{id}/groups (and .../permissions):
  // a path like /cards/groups/image matches either shape on paper. The router takes the literal
  // "groups" first, and ids are numbers, so no request is ever ambiguous.
  'no-ambiguous-paths #/paths/~1api~1internal~1v1~1cards~1{id}~1groups',
  'no-ambiguous-paths #/paths/~1api~1internal~1v1~1cards~1{id}~1image',
  'no-ambiguous-paths #/paths/~1api~1internal~1v1~1cards~1{id}~1log',
  'no-ambiguous-paths #/paths/~1api~1internal~1v1~1cards~1{id}~1permissions',
];

describe('OpenAPI description', () => {
  it("passes Redocly's recommended lint: no error, and only the justified warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const warnings = problems.filter((p) => p.severity === 'warn');
    for (const p of warnings) console.warn(`Redocly warning: ${line(p)}: ${p.message}`);
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${line(p)}: ${p.message}`)).toEqual([]);
    expect(warnings.map(line).sort()).toEqual([...JUSTIFIED_WARNINGS].sort());
  });

  it('gives every operation a unique camelCase operationId, a summary and its security', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(80);
    const ids = ops.map(([, op]) => op.operationId);
    for (const [name, op] of ops) {
      expect(op.operationId, name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.summary, name).toBeTruthy();
      expect(op.security, name).toBeDefined();
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("states each route's guard as its security: staff, investor, startup, any, or public", () => {
    const security = Object.fromEntries(operations().map(([name, op]) => [name, op.security]));
    expect(security['GET /api/internal/v1/cases']).toEqual([{ bearerAuth: [] }]);
    expect(security['GET /api/auth/user']).toEqual([{ startupAuth: [] }]);
    expect(security['GET /api/v1/auth/me']).toEqual([{ bearerAuth: [] }, { investorAuth: [] }]);
    expect(security['GET /api/v1/options']).toEqual([
      { bearerAuth: [] },
      { investorAuth: [] },
      { startupAuth: [] },
    ]);
    expect(security['POST /api/auth/logout']).toEqual([
      {},
      { bearerAuth: [] },
      { investorAuth: [] },
      { startupAuth: [] },
    ]);
    expect(security['GET /api/internal/v1/clients/{id}/notifications']).toEqual([
      { bearerAuth: [] },
      { investorAuth: [] },
    ]);
    expect(security['PUT /api/internal/v1/clients/{id}/notifications/{notificationId}']).toEqual([
      { investorAuth: [] },
    ]);
    expect(security['POST /api/internal/v1/auth/employees']).toEqual([]);
    expect(security['GET /api/health']).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that type-checks, nullable fields as `| null`', {
    timeout: 120_000,
  }, async () => {
    const generated = astToString(await openapiTS(JSON.parse(source)));
    const dir = mkdtempSync(path.join(tmpdir(), 'df-openapi-'));
    writeFileSync(path.join(dir, 'api.ts'), generated);
    // Uses the types as a client would: a case's to-do list answer and a to-do body.
    writeFileSync(
      path.join(dir, 'use.ts'),
      `import type { operations, paths } from './api';
type TodoList = operations['listCaseTodos']['responses'][200]['content']['application/json'];
type Todo = TodoList['data']['result'][number];
const dueAt: Todo['due_at'] = null;
const title: Todo['title'] = 'call the founder';
type Create = paths['/api/internal/v1/cases/{id}/todo']['post']['requestBody'];
const body: NonNullable<Create>['content']['application/json'] = { title };
// @ts-expect-error a to-do's title is not nullable
const noTitle: Todo['title'] = null;
export { body, dueAt, noTitle };
`,
    );
    const program = ts.createProgram([path.join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
