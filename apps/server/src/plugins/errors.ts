import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode, kindOfZodIssue } from '@dealflow/domain';
import { isConnectionError, isDataError } from '../db/errors.ts';
import { AppError } from '../lib/errors.ts';

/** How long a client should wait before retrying when the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

function body(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  const { status, message: fallback } = ERROR_CATALOGUE[code];
  return {
    error: { status, code, message: message ?? fallback, ...(details === undefined ? {} : { details }) },
  };
}

/** One handler renders every error as `{ error: { status, code, message } }`; 5xx never leak details. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply
        .status(err.status)
        .headers(err.headers)
        .send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: [
          err.validationContext,
          ...String(v.instancePath || '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message,
        ...kindOfZodIssue(v.keyword, (v.params ?? {}) as Record<string, unknown>, v.message ?? ''),
      }));
      return reply.status(400).send(body('VALIDATION_FAILED', undefined, details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL'));
    }
    if (isConnectionError(err)) {
      // The database is restarting, failing over or out of reach: the pool replaces the dead
      // connection, so the client is told to retry rather than that the server broke.
      request.server.deps.database.health.recordFailure();
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body('DATABASE_UNAVAILABLE'));
    }
    if (isDataError(err)) {
      // The database refused a value the validation layer let through: the input is at fault.
      request.log.warn({ err }, 'database refused a value');
      return reply.status(400).send(body('BAD_REQUEST', 'A value could not be stored'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('TOO_MANY_ATTEMPTS'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
      return reply.status(status).send({ error: { status, code: 'BAD_REQUEST', message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL'));
  });
}

export function apiNotFound(): ErrorBody {
  return body('NOT_FOUND');
}
