import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, type LiveEvent } from '@dealflow/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireSignedIn } from '../../plugins/auth.ts';
import { resolvePrincipal } from '../auth/service.ts';
import type { LiveStream } from './hub.ts';

/** setTimeout holds at most 2^31-1 ms; a token living longer is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * `GET api/internal/v2/live`: server-sent events for the signed-in account (decision 0020). The
 * browser reads it with fetch (the bearer header, as every call), not EventSource. Events carry
 * ids only; the page refetches what it shows. A comment line every LIVE_HEARTBEAT_SECONDS keeps
 * proxies from closing a quiet stream; the stream ends when the token expires.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live } = app.deps;

  app.get(
    '/api/internal/v2/live',
    {
      onRequest: requireSignedIn(),
      schema: {
        operationId: 'liveEvents',
        summary:
          'Server-sent events (text/event-stream) for the signed-in account: `ready` once, then `service.message` and `service.read` with ids only ({ type, thread_id, client_id, message_id?, from? }) for what the account may read, and `reset` when events may have been missed (refetch). At most LIVE_MAX_STREAMS streams per account (429 TOO_MANY_LIVE_STREAMS)',
        tags: ['live'],
        response: {
          200: z.string().meta({ description: 'text/event-stream' }),
          401: ErrorResponse,
          403: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!principal || !token) throw new AppError('UNAUTHENTICATED');
      const { db, config, principals, revocations } = app.deps;
      const raw = reply.raw;
      let heartbeat: NodeJS.Timeout | null = null;
      let expiry: NodeJS.Timeout | null = null;
      let open = true;
      const write = (text: string) => {
        if (open) raw.write(text);
      };
      const stream: LiveStream = {
        principal,
        send: (event: LiveEvent) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
        reset: () => write('event: reset\ndata: {}\n\n'),
        recheck: () => {
          resolvePrincipal({ db, config, principals, revocations }, token).then(
            (fresh) => {
              // Another role sees other events: the browser reconnects as what it is now.
              if (fresh.kind === 'employee' && principal.kind === 'employee' && fresh.role !== principal.role)
                stream.close();
            },
            (err: unknown) => {
              if (err instanceof AppError) stream.close();
            },
          );
        },
        close: (now?: boolean) => {
          if (!open) return;
          open = false;
          if (heartbeat) clearInterval(heartbeat);
          if (expiry) clearTimeout(expiry);
          live.hub.remove(stream);
          if (!raw.writableEnded) raw.end();
          // At shutdown the server waits for every socket: do not wait for the browser to hang up.
          if (now === true) raw.destroy();
        },
      };
      if (!live.hub.add(stream)) throw new AppError('TOO_MANY_LIVE_STREAMS');
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        // The socket ends with the stream: a stream ended at shutdown must not linger as a
        // keep-alive connection the server then waits on.
        connection: 'close',
      });
      raw.flushHeaders();
      write('retry: 3000\nevent: ready\ndata: {}\n\n');
      heartbeat = setInterval(() => write(': ping\n\n'), app.deps.config.live.heartbeatMs);
      expiry = setTimeout(
        () => stream.close(),
        Math.min(MAX_TIMER_MS, principal.expiresAt.getTime() - Date.now()),
      );
      // The response closes when the browser goes away (or the stream ends here).
      raw.on('close', () => stream.close());
      raw.on('error', () => stream.close());
    },
  );
};
