import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyRequest,
  RouteOptions,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ErrorResponse } from '@dealflow/domain';
import { z } from 'zod';
import {
  claimIdempotencyKey,
  recordIdempotentReply,
  releaseIdempotencyKey,
  type KeyClaim,
} from '../modules/idempotency/service.ts';
import { securityOfGuards, serviceContext } from './auth.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The header as every covered route declares it: validated like any input, and documented. */
const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Use 1 to 255 visible ASCII characters')
  .optional()
  .meta({
    description:
      'Makes this create safe to retry: a unique value (a UUID) per intended request. A retry with the ' +
      'same key and the same request within 24 hours is not run again: it gets the first reply (2xx or ' +
      '4xx), with the header `Idempotent-Replayed: true`. The same key with a different request is ' +
      '422 IDEMPOTENCY_KEY_REUSED; while the first request still runs, 409 IDEMPOTENCY_IN_PROGRESS ' +
      '(Retry-After: 1). Keys belong to the signed-in account and the route.',
  });
const KeyHeaders = { [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey };

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its reply is stored (or the claim released) on send. */
    idempotencyClaim: KeyClaim | null;
  }
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Authenticated POST routes: the ones whose guard (or schema) requires a token (sign-in,
 * sign-out and other open POSTs require none). They are the creates and actions a client retries.
 */
function covers(route: RouteOptions): boolean {
  if (!asArray(route.method).includes('POST')) return false;
  // The guard carries the requirement it enforces (the OpenAPI description reads it the same way);
  // a route may still declare one in its schema. A requirement `{}` means the token is optional.
  const declared = (route.schema as { security?: Array<Record<string, unknown>> } | undefined)?.security;
  const security = declared?.length ? declared : securityOfGuards(route.onRequest);
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** The header joins the route's own header schema, if it has one (a zod object). */
function withKeyHeader(headers: unknown, route: RouteOptions): z.ZodType {
  if (headers === undefined) return z.looseObject(KeyHeaders);
  if (headers instanceof z.ZodObject) return headers.extend(KeyHeaders);
  throw new Error(`Idempotency-Key cannot join the header schema of POST ${route.url}: use a zod object`);
}

/** Stable JSON: the same body gives the same text whatever order its keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

/**
 * What makes two requests "the same": the path with its ids and query (the scope holds only the
 * route pattern, so a key reused on another case is refused, not answered with the first case's
 * reply) and the validated body. A multipart upload is read by its handler, after this point, so
 * its body is left out: a retry with the same key replays the first upload's reply.
 */
function fingerprint(request: FastifyRequest): string {
  const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
  const body = multipart ? null : (request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify([request.url, canonical(body)]))
    .digest('hex');
}

const claimOrReplay: preHandlerAsyncHookHandler = async (request, reply) => {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  const principal = request.principal;
  if (typeof key !== 'string' || !principal) return;
  const scope = {
    principal_kind: principal.kind,
    principal_id: principal.id,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    key,
  };
  const outcome = await claimIdempotencyKey(serviceContext(request), {
    scope,
    fingerprint: fingerprint(request),
  });
  if (outcome.kind === 'claimed') {
    request.idempotencyClaim = outcome.claim;
    return;
  }
  const { status, content_type, body } = outcome.reply;
  reply.code(status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (content_type) reply.header('content-type', content_type);
  // The stored text goes out as it is: a string with a content type is not serialized again.
  return reply.send(body);
};

const storeOrRelease: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  const claim = request.idempotencyClaim;
  if (!claim) return payload;
  request.idempotencyClaim = null;
  const ctx = serviceContext(request);
  try {
    // A 5xx may not have done what was asked: the retry runs again. So does a reply kept as a stream.
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await releaseIdempotencyKey(ctx, claim);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await recordIdempotentReply(ctx, {
      claim,
      reply: {
        status: reply.statusCode,
        content_type: typeof contentType === 'string' ? contentType : null,
        body: payload,
      },
    });
  } catch (err) {
    // The request itself went through: its reply still goes out. Without the stored reply a retry
    // gets 409 until the claim goes stale (IDEMPOTENCY_STALE_MS), never a second run before that.
    request.log.error({ err }, 'idempotency: could not store the reply');
  }
  return payload;
};

/**
 * `Idempotency-Key` on every authenticated POST route: registered before the module routes, it
 * adds the header to each such route's schema (so it is validated, 400 otherwise, and appears in
 * the OpenAPI document with the 409 and 422 answers), claims the key once the caller is known and
 * the body valid, and stores the reply as it is sent.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    if (!covers(route)) return;
    const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
    route.schema = {
      ...schema,
      headers: withKeyHeader(schema.headers, route),
      response: { 409: ErrorResponse, 422: ErrorResponse, ...schema.response },
    };
    route.preHandler = [...asArray(route.preHandler), claimOrReplay];
    route.onSend = [...asArray(route.onSend), storeOrRelease];
  });
}
