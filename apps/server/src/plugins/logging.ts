import type { FastifyServerOptions } from 'fastify';
import { describeDatabaseError } from '../db/errors.ts';

/**
 * What the logs may hold. An error is logged by its type, codes and stack, never by the values it
 * was handed: a failed query's parameters (a password hash, an email, a name) stay out, and a
 * request's URL is logged with the values of secret-bearing query parameters replaced.
 */

/** Query parameters whose values are secrets: reviewer links (`?token=`), mailed codes, reset links. */
const SECRET_QUERY_KEYS = /^(token|access_token|refresh_token|code|otp|password|secret|key|signature|sig)$/i;

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the key as written.
      }
      return eq >= 0 && SECRET_QUERY_KEYS.test(key) ? `${rawKey}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

interface SafeError {
  type: string;
  message: string;
  code?: string;
  db?: Record<string, string>;
  stack?: string;
  cause?: SafeError;
}

/** The stack without its first line, which repeats the message (and with it any value it holds). */
function framesOnly(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
  return frames || undefined;
}

/**
 * An error as it may be logged. Database errors (and Drizzle's wrapper around them, whose message
 * lists every parameter of the failed query) are logged by SQLSTATE, constraint, table and column;
 * other errors keep their message, which our own code writes without user values.
 */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown' };
  const db = describeDatabaseError(err);
  const isQueryWrapper = 'params' in err || 'query' in err;
  const message =
    db || isQueryWrapper
      ? // A database's message can quote the offending value ('invalid input syntax … "abc"').
        `database error${db?.code ? ` ${db.code}` : ''}`
      : err.message;
  const out: SafeError = { type: err.name, message };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') out.code = code;
  if (db) out.db = db;
  const stack = db || isQueryWrapper ? framesOnly(err.stack) : err.stack;
  if (stack) out.stack = stack;
  if (err.cause !== undefined && depth < 3) {
    out.cause = safeError(err.cause, depth + 1);
  }
  return out;
}

/** Fastify's logger settings: level, redaction and the serializers above. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        'body.password',
        '*.password',
        '*.password_hash',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: (e: unknown) => ({ stack: '', ...safeError(e) }),
      cause: (e: unknown) => ({ stack: '', ...safeError(e) }),
      req: (req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        hostname: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}
