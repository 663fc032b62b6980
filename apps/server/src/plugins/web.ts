import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { hostForPath } from '@dealflow/domain';
import type { Config } from '../config.ts';
import { apiNotFound } from './errors.ts';
import { isApiPath } from './security.ts';

export function defaultWebDist(): string {
  // Both src/plugins/web.ts and the bundle dist/main.js sit two levels below apps/server.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((p) => existsSync(path.join(p, 'index.html'))) ?? candidates[0]!;
}

/**
 * Automatic domain redirect (SPEC section 2): with DOMAIN_REDIRECT on, dashboard pages live on the
 * dashboard host and investor pages on the investor host; a page asked for on the wrong host is
 * redirected, keeping its path and query.
 */
function domainRedirect(config: Config, request: FastifyRequest, reply: FastifyReply): boolean {
  const { enabled, dashboardHost, investorHost } = config.domainRedirect;
  if (!enabled || !dashboardHost || !investorHost) return false;
  const url = request.url;
  const target = hostForPath(url.split('?')[0] ?? url, { dashboardHost, investorHost });
  if (!target || request.hostname === target) return false;
  void reply.redirect(`${request.protocol}://${target}${url}`, 302);
  return true;
}

/** Serves the built web app on the same origin; unknown API paths get the JSON 404. */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist ?? defaultWebDist();
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    // The files at the root (index.html, the icons, the service worker) each get a route; the
    // hashed assets — hundreds of files, each with a .br and a .gz beside it — are served by one
    // wildcard route under /assets/: a route per file held about 20 MB of router and route objects
    // (decision 0041). The wildcard stays under /assets/ so that an API path the router refuses
    // (an overlong parameter: 414) never falls through to a file lookup.
    const setHeaders = (res: FastifyReply, file: string) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    };
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      // The web build writes .br and .gz beside each asset; send those instead of compressing per request.
      preCompressed: true,
      setHeaders,
    });
    await app.register(fastifyStatic, {
      root: path.join(root, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(apiNotFound());
    }
    // A hashed asset that is not on disk (an old tab after a deploy) must fail as a 404, not come
    // back as index.html: the web app then reloads once and fetches the new build.
    if (request.url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not Found');
    if (domainRedirect(config, request, reply)) return reply;
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
