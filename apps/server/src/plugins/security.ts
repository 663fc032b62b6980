import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const GTM_ORIGIN = 'https://www.googletagmanager.com';
const API_PREFIXES = ['/api/', '/static_api/', '/ai-api/'];
export const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));

/**
 * The Content-Security-Policy of every response. Sessions live in localStorage, so this is what
 * contains an XSS: scripts only from our own origin (no inline script, no eval), nothing may frame
 * us, forms post only to us. Styles allow inline: Ant Design writes its CSS-in-JS into <style>
 * elements at run time.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // The tag manager (SPEC section 9) loads its script from Google, and that script reports there:
  // allowed only when a container is configured.
  if (config.gtmId) {
    for (const directive of ['script-src', 'img-src', 'connect-src']) directives[directive]?.push(GTM_ORIGIN);
  }
  // Only where the site is served over HTTPS: on plain HTTP (a LAN install, localhost) the browser
  // would upgrade every asset request to an HTTPS port nobody listens on.
  if (config.publicUrl?.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The API documentation is a page (Swagger UI's scripts and styles): it keeps the page headers. */
const DOCS_PREFIX = '/api/docs';

/**
 * The headers of an API reply (JSON, a file, an event stream): OWASP's REST security set. Nothing
 * in a reply is a document that loads anything, so its CSP allows nothing and no one may frame it;
 * HSTS, nosniff and the referrer and resource policies as on pages; `no-store`, since replies carry
 * account data a shared cache or the browser's disk must not keep. A route that must be cached or
 * shown (a file preview's sandbox CSP) sets its own, which replaces these. helmet's page set
 * (a 500-byte CSP, the cross-origin and permissions policies a document reads) made every reply's
 * headers five times the size of its framing, for no reader (decision 0046).
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cache-control', 'no-store'],
];

/**
 * Security headers on every response: helmet's page set on pages (and the API documentation), the
 * short API set above on API replies.
 *
 * helmet's middleware is built once here and applied in one synchronous hook. @fastify/helmet (used
 * before) rebuilt it — parsing and validating the CSP directives — in two async hooks on every
 * request, for the same headers (decision 0023).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Browsers ignore it over plain HTTP; behind HTTPS it keeps every later visit on HTTPS.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
    // Reviewer links carry a token in the query: no page of ours hands its URL to anyone.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // helmet throws on a bad setting at build time (above), never per request; `next` is unused.
  const ignore = () => {};
  // Set on the raw response before any route runs: a header a route sets through `reply.header`
  // is written with the head and takes precedence.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (isApiPath(url) && !url.startsWith(DOCS_PREFIX)) {
      for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value);
    } else {
      applyHeaders(request.raw, reply.raw, ignore);
      reply.raw.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
      if (isApiPath(url)) reply.raw.setHeader('cache-control', 'no-store');
    }
    done();
  });
}
