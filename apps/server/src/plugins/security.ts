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

/**
 * Security headers on every response (helmet), and `Cache-Control: no-store` on API replies, which
 * carry account data a shared cache or the browser's disk must not keep.
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
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, ignore);
    reply.raw.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
