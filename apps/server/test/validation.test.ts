import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_JSON_DEPTH,
  jsonNestedDeeperThan,
  malformedText,
  validatorCompiler,
} from '../src/plugins/validation.ts';
import { AppError } from '../src/lib/errors.ts';

describe('jsonNestedDeeperThan', () => {
  const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it('counts objects and arrays, up to and past the limit', () => {
    expect(jsonNestedDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestedDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestedDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(jsonNestedDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(jsonNestedDeeperThan('[{"a":[{}]}]', 3)).toBe(true);
    expect(jsonNestedDeeperThan('[1],[2],[3],[4]', 1)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestedDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestedDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestedDeeperThan(`{"a":"\\\\"}`, 1)).toBe(false);
    // The escaped backslash ends before the quote: the string closes and the brackets count.
    expect(jsonNestedDeeperThan(`{"a":"\\\\",[[["x"]]]}`, 3)).toBe(true);
  });

  it('scans a million levels in one pass without recursing', () => {
    const start = Date.now();
    expect(jsonNestedDeeperThan('['.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestedDeeperThan(`"${'['.repeat(1_000_000)}"`, MAX_JSON_DEPTH)).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
  });
});

describe('malformedText', () => {
  it('names every string value and key holding a NUL or a lone surrogate', () => {
    expect(
      malformedText(
        {
          name: 'a\u0000b',
          ok: '台北 😀',
          tags: ['fine', 'x\uD800'],
          nested: { deep: [{ text: '\uDC00' }] },
          'bad\u0000key': 1,
          count: 3,
          empty: null,
        },
        'body',
      ),
    ).toEqual([
      { field: 'body.name', message: 'must not contain NUL characters', kind: 'invalid_characters' },
      { field: 'body.tags.1', message: 'must be valid Unicode text', kind: 'invalid_characters' },
      { field: 'body.nested.deep.0.text', message: 'must be valid Unicode text', kind: 'invalid_characters' },
      {
        field: 'body.bad\\u0000key',
        message: 'key must not contain NUL characters',
        kind: 'invalid_characters',
      },
    ]);
  });

  it('checks a bare string, and finds nothing in clean or non-text values', () => {
    expect(malformedText('x\u0000', 'body')).toEqual([
      { field: 'body', message: expect.any(String), kind: 'invalid_characters' },
    ]);
    expect(malformedText({ q: ['a', 'b'], n: 1, t: true }, 'querystring')).toEqual([]);
    expect(malformedText(undefined, 'body')).toEqual([]);
  });

  it('walks any depth without recursing, and reports at most 20 fields', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(malformedText(deep, 'body')).toHaveLength(1);
    expect(
      malformedText(
        Array.from({ length: 1000 }, () => '\u0000'),
        'body',
      ),
    ).toHaveLength(20);
  });
});

describe('validatorCompiler', () => {
  const schema = z.object({ name: z.string() });
  const compiled = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' });
  // The compiled zod validator answers synchronously with `{ value }` or `{ error }`.
  const validate = (data: unknown) => compiled(data) as { value?: unknown; error?: unknown };

  it('refuses malformed text before zod runs, with the fields named', () => {
    const result = validate({ name: 'a\uD800' });
    expect(result.error).toBeInstanceOf(AppError);
    expect(result.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
      details: [{ field: 'body.name', message: 'must be valid Unicode text', kind: 'invalid_characters' }],
    });
  });

  it('otherwise validates with zod as before', () => {
    expect(validate({ name: 'ok' })).toEqual({ value: { name: 'ok' } });
    expect(Array.isArray(validate({ name: 1 }).error)).toBe(true);
  });
});
