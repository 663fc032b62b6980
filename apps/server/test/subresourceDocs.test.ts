import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

type Operation = {
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
  security?: unknown[];
};

const c = '/api/internal/v1/cases/{id}';
const crud = (path: string, item: string): Array<[string, string]> => [
  ['get', `${c}/${path}`],
  ['post', `${c}/${path}`],
  ['put', `${c}/${path}/{${item}}`],
  ['delete', `${c}/${path}/{${item}}`],
];

const ROUTES: Array<[string, string]> = [
  ...crud('todo', 'todoId'),
  ...crud('calendars', 'calendarId'),
  ...crud('comments', 'commentId'),
  ...crud('maintenances', 'maintId'),
  ...crud('info', 'infoId'),
  ...crud('shareholders', 'historyId'),
  ...crud('role', 'roleId'),
  ...crud('panel', 'panelId'),
  ['get', `${c}/clients`],
  ['get', '/api/internal/v2/clients/{id}/cases'],
  ['get', '/api/internal/v1/me/todo'],
  ['get', '/api/internal/v2/todos'],
  ['get', '/api/internal/v1/news'],
];

/** Staff routes whose path a startup token reaches too (the principal decides which is meant). */
const STARTUP_SHARED = new Set([`get ${c}/info`]);

const cl = '/api/internal/v1/clients/{id}';
const interests = '/api/internal/v1/client/interests';
/** The client sub-resources of issue 9: each answers 404 for a missing client, 403 for one out of the caller's stages. */
const CLIENT_ROUTES: Array<[string, string]> = [
  ['get', `${cl}/todo`],
  ['post', `${cl}/todo`],
  ['put', `${cl}/todo/{todoId}`],
  ['delete', `${cl}/todo/{todoId}`],
  ['get', `${cl}/contact`],
  ['post', `${cl}/contact`],
  ['get', `${cl}/contact/{contactId}`],
  ['put', `${cl}/contact/{contactId}`],
  ['delete', `${cl}/contact/{contactId}`],
  ['get', `${cl}/accounts`],
  ['post', `${cl}/accounts`],
  ['put', `${cl}/accounts/{accountId}`],
  ['get', `${cl}/accounts/{accountId}/full`],
  ['get', interests],
  ['post', interests],
  ['get', `${interests}/{id}`],
  ['put', `${interests}/{id}`],
  ['delete', `${interests}/{id}`],
  ['get', '/api/internal/v2/clients/{id}/dd'],
  ['post', '/api/internal/v2/clients/{id}/dd'],
  ['put', '/api/internal/v2/clients/{id}/dd/{ddId}'],
  ['delete', '/api/internal/v2/clients/{id}/dd/{ddId}'],
];

describe('OpenAPI of the case and client sub-resources', () => {
  it('documents every route with a tag, bearer security, its parameters, body and error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    for (const [method, path] of [...ROUTES, ...CLIENT_ROUTES]) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(op!.tags?.length, path).toBeGreaterThan(0);
      // The info list's path also answers a startup its own information (issue 14): both schemes.
      const security = STARTUP_SHARED.has(`${method} ${path}`)
        ? [{ bearerAuth: [] }, { startupAuth: [] }]
        : [{ bearerAuth: [] }];
      expect(op!.security, path).toEqual(security);
      expect(Object.keys(op!.responses), path).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), path).toEqual(pathParams.sort());
      if (method === 'post' || method === 'put') expect(op!.requestBody, `${method} ${path}`).toBeDefined();
      if (path.startsWith(c) || CLIENT_ROUTES.some(([, p]) => p === path))
        expect(Object.keys(op!.responses), path).toContain('404');
    }
  });
});
