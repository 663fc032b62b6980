import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.ts';
import { MAX_PAGE_SIZE } from '../constants.ts';

/** Ids are 32-bit identities: a larger number can name no row, so it is a 400, not a database error. */
export const DB_ID_MAX = 2_147_483_647;
export const IdParam = z.object({ id: z.coerce.number().int().positive().max(DB_ID_MAX) });

/** `?all=1` returns every row; otherwise `page` (from 1) and `size`. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  all: z
    .union([
      z.literal('1'),
      z.literal('true'),
      z.literal('0'),
      z.literal('false'),
      z.literal(1),
      z.literal(0),
    ])
    .transform((v) => v === '1' || v === 'true' || v === 1)
    .optional(),
});

/** `sort` as `field:asc|desc` restricted to the given fields; unknown fields are refused. */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F) {
  return z.string().regex(new RegExp(`^(${fields.join('|')}):(asc|desc)$`), {
    message: `sort must be one of ${fields.join(', ')} with :asc or :desc`,
  });
}

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ result: z.array(item), count: z.number().int() }) });

export const ErrorResponse = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export const OkResponse = z.object({ data: z.object({ ok: z.literal(true) }) });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latency_ms: z.number(),
    /** Connection failures since start, and when the last was (the pool replaces dead connections). */
    failures: z.number().int(),
    last_failure_at: z.string().nullable(),
    /** PostgreSQL pool: connections open, idle, and requests waiting for one. */
    pool: z.object({ total: z.number().int(), idle: z.number().int(), waiting: z.number().int() }).nullable(),
  }),
  uptime_s: z.number(),
  version: z.string(),
});
