import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createApiClient, newIdempotencyKey } from './client.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const unavailable = () =>
  json(
    503,
    { error: { status: 503, code: 'DATABASE_UNAVAILABLE', message: 'Database unavailable' } },
    { 'retry-after': '0' },
  );
const keyOf = (c: Call) => (c.init.headers as Record<string, string>)['Idempotency-Key'];

function client(answers: Array<Response | Error>, authorization: string | null = 'Bearer t') {
  const f = fakeFetch(answers);
  const api = createApiClient({
    baseUrl: '',
    getAuthorization: () => authorization,
    onUnauthorized: () => undefined,
    fetch: f.fetch,
    retryBaseMs: 5,
  });
  return { api, calls: f.calls };
}

describe('api client', () => {
  it('makes version-4 UUIDs for idempotency keys', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('sends a signed-in POST with a key and retries it with the same key after a 503 and a dropped connection', async () => {
    const { api, calls } = client([
      unavailable(),
      new TypeError('Failed to fetch'),
      json(200, { data: { id: 7 } }),
    ]);
    await expect(api.post('/api/internal/v1/cases/1/todo', { title: 'x' })).resolves.toEqual({
      data: { id: 7 },
    });
    expect(calls).toHaveLength(3);
    const key = keyOf(calls[0]!);
    expect(key).toBeTruthy();
    expect(calls.map(keyOf)).toEqual([key, key, key]);
  });

  it('gives up after two retries and reports the 503', async () => {
    const { api, calls } = client([unavailable(), unavailable(), unavailable()]);
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(3);
  });

  it('never sends a key or retries without a session (sign-in is not a create)', async () => {
    const { api, calls } = client([new TypeError('Failed to fetch')], null);
    await expect(api.post('/api/auth/login', { email: 'a' })).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(1);
    expect(keyOf(calls[0]!)).toBeUndefined();
  });

  it('retries a PUT on 503 but not after a dropped connection, and never a 4xx', async () => {
    const put = client([unavailable(), json(200, { data: {} })]);
    await put.api.put('/x', {});
    expect(put.calls).toHaveLength(2);
    const dropped = client([new TypeError('Failed to fetch')]);
    await expect(dropped.api.put('/x', {})).rejects.toThrow();
    expect(dropped.calls).toHaveLength(1);
    const refused = client([json(409, { error: { status: 409, code: 'CONFLICT', message: 'Conflict' } })]);
    await expect(refused.api.post('/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(refused.calls).toHaveLength(1);
  });
});
