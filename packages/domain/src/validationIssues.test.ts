import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { kindOfZodIssue } from './validationIssues.ts';

const kinds = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) =>
    kindOfZodIssue(i.code, i as unknown as Record<string, unknown>, i.message),
  );

describe('validation kinds', () => {
  it('gives each zod issue a stable kind with its limits', () => {
    const schema = z.object({
      email: z.string().email(),
      name: z.string().min(1, { message: 'Name is required' }).max(5),
      n: z.number().max(10),
      tags: z.array(z.string()).min(2),
      role: z.enum(['a', 'b']),
      missing: z.string(),
    });
    expect(kinds(schema, { email: 'x', name: 'toolong', n: 11, tags: [], role: 'c' })).toEqual([
      { kind: 'invalid_format', format: 'email' },
      { kind: 'too_big', maximum: 5, origin: 'string' },
      { kind: 'too_big', maximum: 10, origin: 'number' },
      { kind: 'too_small', minimum: 2, origin: 'array' },
      { kind: 'invalid_value' },
      { kind: 'required' },
    ]);
    expect(kinds(z.object({ name: z.string().min(1) }), { name: '' })).toEqual([
      { kind: 'too_small', minimum: 1, origin: 'string' },
    ]);
    expect(kinds(z.number(), 'x')).toEqual([{ kind: 'invalid_type' }]);
    expect(
      kinds(
        z.string().refine(() => false, 'nope'),
        'x',
      ),
    ).toEqual([{ kind: 'invalid' }]);
  });
});
