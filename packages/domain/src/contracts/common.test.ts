import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { IdParam, PageQuery, dataOf, listOf, sortParam } from './common.ts';

describe('PageQuery', () => {
  it('coerces page and size from query strings', () => {
    expect(PageQuery.parse({ page: '2', size: '50' })).toEqual({ page: 2, size: 50 });
    expect(PageQuery.parse({ page: 3, size: 10 })).toEqual({ page: 3, size: 10 });
    expect(PageQuery.parse({})).toEqual({});
  });

  it(`accepts size up to MAX_PAGE_SIZE (${MAX_PAGE_SIZE}) and refuses more`, () => {
    expect(MAX_PAGE_SIZE).toBe(200);
    expect(PageQuery.parse({ size: String(MAX_PAGE_SIZE) })).toEqual({ size: MAX_PAGE_SIZE });
    expect(PageQuery.safeParse({ size: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(PageQuery.safeParse({ size: '100000' }).success).toBe(false);
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', '1.5'],
    ['page', 'abc'],
    ['size', '0'],
    ['size', '2.5'],
    ['size', 'ten'],
  ])('refuses %s=%s', (field, value) => {
    expect(PageQuery.safeParse({ [field]: value }).success).toBe(false);
  });

  it('parses all=1 (and true) as every row, 0 and false as not', () => {
    expect(PageQuery.parse({ all: '1' })).toEqual({ all: true });
    expect(PageQuery.parse({ all: 'true' })).toEqual({ all: true });
    expect(PageQuery.parse({ all: 1 })).toEqual({ all: true });
    expect(PageQuery.parse({ all: '0' })).toEqual({ all: false });
    expect(PageQuery.parse({ all: 'false' })).toEqual({ all: false });
    expect(PageQuery.parse({ all: 0 })).toEqual({ all: false });
  });

  it('refuses other values of all', () => {
    for (const all of ['yes', '2', '', 'TRUE', 2]) expect(PageQuery.safeParse({ all }).success).toBe(false);
  });
});

describe('sortParam', () => {
  const Sort = sortParam(['created_at', 'name', 'invest_money']);

  it.each(['created_at:desc', 'created_at:asc', 'name:asc', 'invest_money:desc'])('accepts %s', (value) => {
    expect(Sort.parse(value)).toBe(value);
  });

  it.each([
    'password:asc',
    'created_at',
    'created_at:',
    ':asc',
    'created_at:up',
    'created_at:ASC',
    'Created_at:asc',
    'xcreated_at:asc',
    'created_at:ascx',
    'created_at:asc ',
    'name:asc,created_at:desc',
    'created_at:desc;drop table cases',
    '',
  ])('refuses %j', (value) => {
    const result = Sort.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'sort must be one of created_at, name, invest_money with :asc or :desc',
    );
  });
});

describe('IdParam', () => {
  it('coerces positive integer ids', () => {
    expect(IdParam.parse({ id: '12' })).toEqual({ id: 12 });
  });

  it.each(['0', '-1', '1.5', 'abc', ''])('refuses %j', (id) => {
    expect(IdParam.safeParse({ id }).success).toBe(false);
  });
});

describe('response envelopes', () => {
  it('wraps data and lists as { data } and { data: { result, count } }', () => {
    const Item = z.object({ id: z.number() });
    expect(dataOf(Item).parse({ data: { id: 1 } })).toEqual({ data: { id: 1 } });
    expect(listOf(Item).parse({ data: { result: [{ id: 1 }], count: 7 } })).toEqual({
      data: { result: [{ id: 1 }], count: 7 },
    });
    expect(listOf(Item).safeParse({ data: { result: [{ id: 1 }] } }).success).toBe(false);
    expect(listOf(Item).safeParse({ result: [], count: 0 }).success).toBe(false);
  });
});
