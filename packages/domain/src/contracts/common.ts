import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.ts';
import { MAX_PAGE_SIZE } from '../constants.ts';

export const IdParam = z.object({ id: z.coerce.number().int().positive() });

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
  }),
  uptime_s: z.number(),
  version: z.string(),
});
