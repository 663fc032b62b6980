import { ApiError } from './ApiError.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Override the Authorization header (e.g. a token just obtained); `false` sends none. */
  authorization?: string | false;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  baseUrl: string;
  /** The stored `Bearer …` value of the current sign-in strategy, if any. */
  getAuthorization: () => string | null;
  /** Called when a request that carried a token is answered 401 (SPEC section 6). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  /** The pause before a write is retried when the server names none (tests shorten it). */
  retryBaseMs?: number;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A random UUID (v4) for an Idempotency-Key. `crypto.randomUUID` exists only in secure contexts,
 * and a firm may serve Dealflow over plain HTTP on its own network; `getRandomValues` works in both.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Retries of a write the server did not take (503, the database failing over) or never answered. */
export const WRITE_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 5_000;

function retryWait(response: Response | null, attempt: number, baseMs: number): number {
  const header = Number(response?.headers.get('retry-after'));
  const ms = Number.isFinite(header) && header > 0 ? header * 1000 : attempt * baseMs;
  return Math.min(MAX_RETRY_WAIT_MS, ms);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A small fetch wrapper: JSON in and out, the stored token, one error type. A signed-in POST
 * carries an Idempotency-Key, so it is retried with the same key when the network drops it or the
 * server answers 503; the server then replays the first reply rather than creating twice. PUT and
 * DELETE set a state, and are retried on 503 as they are. Reads are retried by TanStack Query.
 */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryBaseMs = config.retryBaseMs ?? 1_000;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const authorization =
      options.authorization === false ? null : (options.authorization ?? config.getAuthorization());
    if (authorization) headers.Authorization = authorization;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const keyed = method === 'POST' && Boolean(authorization);
    if (keyed) headers['Idempotency-Key'] = newIdempotencyKey();
    const retries = keyed || method === 'PUT' || method === 'DELETE' ? WRITE_RETRIES : 0;
    const url = buildUrl(config.baseUrl, path, options.query);
    let response: Response;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await doFetch(url, { method, headers, body, signal: options.signal });
      } catch (error) {
        // Only a keyed POST may be sent again after no answer: it may have been done already.
        if (!keyed || attempt >= retries || options.signal?.aborted) throw error;
        await sleep(retryWait(null, attempt + 1, retryBaseMs), options.signal);
        continue;
      }
      if (response.status !== 503 || attempt >= retries) break;
      await sleep(retryWait(response, attempt + 1, retryBaseMs), options.signal);
    }
    const payload = await readBody(response);
    if (!response.ok) {
      if (response.status === 401 && authorization) config.onUnauthorized();
      throw new ApiError({ status: response.status, statusText: response.statusText, body: payload });
    }
    return payload as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
