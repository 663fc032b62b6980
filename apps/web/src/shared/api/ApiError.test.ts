import { describe, expect, it, vi } from 'vitest';
import { ApiError, technicalText, validationFieldErrors } from './ApiError.ts';
import { createApiClient } from './client.ts';

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

describe('technical text (SPEC section 8), shown under 詳細資訊', () => {
  it('shows [status] and the error.message of the body', () => {
    const error = new ApiError({
      status: 401,
      body: { error: { status: 401, code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' } },
    });
    expect(technicalText(error)).toBe('[401] Incorrect email or password');
    expect(error.code).toBe('INVALID_CREDENTIALS');
  });

  it('uses a string body as is', () => {
    expect(
      technicalText(new ApiError({ status: 502, statusText: 'Bad Gateway', body: 'upstream down' })),
    ).toBe('[502] upstream down');
  });

  it('falls back to the status text', () => {
    expect(
      technicalText(new ApiError({ status: 503, statusText: 'Service Unavailable', body: undefined })),
    ).toBe('[503] Service Unavailable');
  });

  it('shows objects as JSON', () => {
    expect(
      technicalText(new ApiError({ status: 400, body: { error: { message: { field: 'email' } } } })),
    ).toBe('[400] {"field":"email"}');
    expect(technicalText(new ApiError({ status: 418, body: { teapot: true } }))).toBe(
      '[418] {"teapot":true}',
    );
  });

  it('without a server response shows the error name and message', () => {
    expect(technicalText(new TypeError('Failed to fetch'))).toBe('TypeError: Failed to fetch');
  });

  it('maps validation details to form fields, translated', () => {
    const error = new ApiError({
      status: 400,
      body: {
        error: {
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          details: [
            {
              field: 'body.email',
              message: 'Enter a valid email address',
              kind: 'invalid_format',
              format: 'email',
            },
          ],
        },
      },
    });
    expect(validationFieldErrors(error)).toEqual({ email: '請輸入有效的電子郵件' });
  });
});

describe('api client', () => {
  it('sends Accept and the stored Authorization, and reads JSON', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(200, { data: { ok: true } }));
    const client = createApiClient({
      baseUrl: '',
      getAuthorization: () => 'Bearer abc',
      onUnauthorized: vi.fn(),
      fetch,
    });
    await expect(client.get('/api/x', { query: { page: 1, status: undefined } })).resolves.toEqual({
      data: { ok: true },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?page=1');
    expect(init?.headers).toMatchObject({ Accept: 'application/json', Authorization: 'Bearer abc' });
  });

  it('a 401 on a call that carried a token signs out; a 401 on a login does not', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      jsonResponse(401, {
        error: { status: 401, code: 'INVALID_TOKEN', message: 'Invalid or expired token' },
      }),
    );
    const client = createApiClient({
      baseUrl: '',
      getAuthorization: () => 'Bearer abc',
      onUnauthorized,
      fetch,
    });
    await expect(client.post('/api/auth/login', {}, { authorization: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.get('/api/v1/auth/me')).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
