import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createReplySerializer } from '../src/plugins/serializer.ts';

const Reply = z.object({
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().nullable(),
    stage: z.enum(['s0', 's1']).nullable(),
    tags: z.array(z.string()),
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
});
const compile = (validate: boolean) =>
  createReplySerializer(validate)({ schema: Reply, method: 'GET', url: '/x', httpStatus: '200' });

describe('reply serializer', () => {
  const row = { id: 1, name: '量子', note: null, stage: 's1', tags: ['a'], password_hash: 'secret' };

  it('writes only the fields the contract names', () => {
    for (const validate of [true, false]) {
      const out = JSON.parse(compile(validate)({ data: row }));
      expect(out).toEqual({ data: { id: 1, name: '量子', note: null, stage: 's1', tags: ['a'] } });
    }
  });

  it('keeps nulls and nested records', () => {
    const out = JSON.parse(compile(false)({ data: { ...row, stage: null, extra: { a: { b: 1 } } } }));
    expect(out.data.stage).toBeNull();
    expect(out.data.extra).toEqual({ a: { b: 1 } });
  });

  it('refuses a reply that breaks its contract when validating', () => {
    expect(() => compile(true)({ data: { ...row, id: '1' } })).toThrow();
    expect(() => compile(true)({ data: { ...row, name: undefined } })).toThrow();
  });
});
