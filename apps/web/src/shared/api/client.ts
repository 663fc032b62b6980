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

/** A small fetch wrapper: JSON in and out, the stored token, one error type. */
export function createApiClient(config: ApiClientConfig): ApiClient {
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

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
    const response = await doFetch(buildUrl(config.baseUrl, path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
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
