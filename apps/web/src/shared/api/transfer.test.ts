import { STRATEGY_KEY, tokenKey } from '@dealflow/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { postForBytes } from './transfer.ts';

beforeEach(() => {
  localStorage.setItem(STRATEGY_KEY, 'dashboard');
  localStorage.setItem(tokenKey('dashboard'), 'Bearer staff-token');
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('postForBytes', () => {
  it('POSTs the body as JSON with the session token and answers the bytes', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70])));
    vi.stubGlobal('fetch', fetch);
    const signal = new AbortController().signal;
    const bytes = await postForBytes('/api/internal/v1/config/contact/preview', { kind: 'nda' }, signal);
    expect(new Uint8Array(bytes)).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(fetch).toHaveBeenCalledWith('/api/internal/v1/config/contact/preview', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer staff-token' },
      body: '{"kind":"nda"}',
      signal,
    });
  });

  it('fails with the one ApiError, carrying the server’s code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { status: 403, code: 'FORBIDDEN', message: 'Forbidden' } }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const failure = await postForBytes('/x', {}).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).code).toBe('FORBIDDEN');
  });
});
