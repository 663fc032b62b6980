import { vi } from 'vitest';

export type Reply = { status?: number; body: unknown };
export type Handler = (body: unknown, url: URL) => Reply;
export type Call = { method: string; path: string; search: string; body: unknown };

/**
 * A fake server by `METHOD path` over fetch (stubbed for the test; `vi.unstubAllGlobals` after);
 * every call is recorded. Anything unlisted, the live stream included, is 404 (the page polls).
 */
export function serve(routes: Record<string, Handler | Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, search: url.search, body });
      const route = routes[`${method} ${url.pathname}`];
      const reply: Reply = route
        ? typeof route === 'function'
          ? route(body, url)
          : route
        : { status: 404, body: { error: { status: 404, code: 'NOT_FOUND', message: 'Not Found' } } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const list = <T>(rows: T[], count = rows.length) => ({ body: { data: { result: rows, count } } });
export const one = <T>(data: T) => ({ body: { data } });
