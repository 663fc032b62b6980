import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCompact,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
} from './format.ts';

describe('currencySymbol (SPEC section 9)', () => {
  it('is NT$ for NTD, US$ for USD, $ otherwise', () => {
    expect(currencySymbol('NTD')).toBe('NT$');
    expect(currencySymbol('USD')).toBe('US$');
    for (const c of ['CNY', 'JPY', 'HKD', 'SGD', 'EUR', 'XYZ', '', null, undefined])
      expect(currencySymbol(c)).toBe('$');
  });

  it('also shows NT$ for TWD, the ISO code of the same currency', () => {
    expect(currencySymbol('TWD')).toBe('NT$');
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1,000'],
    [-1000, '-1,000'],
    [1234567.5, '1,234,567.50'],
    [1234567.0, '1,234,567'],
    [1234567.891, '1,234,567.89'],
    [-1234.5, '-1,234.50'],
    [0.5, '0.50'],
    [0.05, '0.05'],
    [12.3, '12.30'],
    [100000, '100,000'],
    [9999, '9,999'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%s → %s', (value, out) => {
    expect(formatNumber(value)).toBe(out);
  });

  it('removes a trailing .00 after rounding', () => {
    expect(formatNumber(1000.001)).toBe('1,000');
    expect(formatNumber(1000.004)).toBe('1,000');
    expect(formatNumber(-5.001)).toBe('-5');
  });

  it('rounds half up on the decimal value written, not on its binary approximation', () => {
    expect(formatNumber(999.995)).toBe('1,000');
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(formatNumber(1.015)).toBe('1.02');
    expect(formatNumber(8.345)).toBe('8.35');
    expect(formatNumber(-1.005)).toBe('-1.01');
    expect(formatNumber(0.1 + 0.2)).toBe('0.30');
    expect(formatNumber(1.004999)).toBe('1');
    expect(formatNumber('1234.565')).toBe('1,234.57');
  });

  it('shows amounts that round to zero without a minus sign', () => {
    expect(formatNumber(-0.004)).toBe('0');
    expect(formatNumber(0.004)).toBe('0');
    expect(formatNumber(1e-7)).toBe('0');
    expect(formatNumber(-1e-7)).toBe('0');
    expect(formatNumber(0.005)).toBe('0.01');
    expect(formatNumber(-0.005)).toBe('-0.01');
  });

  it('writes very large values in full digits with separators, never in exponent notation', () => {
    expect(formatNumber(1e15)).toBe('1,000,000,000,000,000');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(-1.5e21)).toBe('-1,500,000,000,000,000,000,000');
    expect(formatNumber(1e300)).toMatch(/^1(,\d{3}){100}$/);
    expect(formatNumber(Number.MAX_VALUE)).toMatch(/^179(,\d{3}){102}$/);
  });

  it('reads numeric strings, with or without thousands separators', () => {
    expect(formatNumber('1234567.5')).toBe('1,234,567.50');
    expect(formatNumber('1,234,567.5')).toBe('1,234,567.50');
    expect(formatNumber('1,234,567.00')).toBe('1,234,567');
    expect(formatNumber('-1,000')).toBe('-1,000');
    expect(formatNumber(' 1,000 ')).toBe('1,000');
    expect(formatNumber('+42')).toBe('42');
    expect(formatNumber('.5')).toBe('0.50');
    expect(formatNumber('0')).toBe('0');
    expect(formatNumber('-0')).toBe('0');
  });

  it('shows nothing for missing or non-numeric input', () => {
    for (const v of [
      '',
      ' ',
      '   ',
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]) {
      expect(formatNumber(v)).toBe('');
    }
    for (const v of [
      'abc',
      '12abc',
      '1.2.3',
      '-',
      '.',
      '1,2,3',
      '12,34',
      '1234,567',
      '0x10',
      '1e3',
      'Infinity',
      'NaN',
    ]) {
      expect(formatNumber(v), v).toBe('');
    }
  });
});

describe('formatMoney', () => {
  it('prefixes the currency symbol', () => {
    expect(formatMoney(1500000, 'NTD')).toBe('NT$1,500,000');
    expect(formatMoney(1500000)).toBe('NT$1,500,000');
    expect(formatMoney(1234567.5, 'USD')).toBe('US$1,234,567.50');
    expect(formatMoney(1000, 'JPY')).toBe('$1,000');
    expect(formatMoney(1000, 'unknown')).toBe('$1,000');
    expect(formatMoney(1000, null)).toBe('$1,000');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-1234.5, 'NTD')).toBe('-NT$1,234.50');
    expect(formatMoney(-1, 'USD')).toBe('-US$1');
  });

  it('handles zero and amounts rounding to zero', () => {
    expect(formatMoney(0)).toBe('NT$0');
    expect(formatMoney(-0)).toBe('NT$0');
    expect(formatMoney(-0.001, 'USD')).toBe('US$0');
  });

  it('rounds like formatNumber', () => {
    expect(formatMoney(999.995)).toBe('NT$1,000');
    expect(formatMoney(1.005, 'USD')).toBe('US$1.01');
    expect(formatMoney(1e21)).toBe('NT$1,000,000,000,000,000,000,000');
  });

  it('reads strings and shows nothing for missing input', () => {
    expect(formatMoney('1,500,000.00', 'NTD')).toBe('NT$1,500,000');
    for (const v of ['', ' ', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'abc']) {
      expect(formatMoney(v, 'NTD')).toBe('');
    }
  });
});

describe('formatCompact (SPEC section 9: ≥ 100,000,000 in 億, ≥ 10,000 in 萬, up to 2 decimals)', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [1, '1'],
    [9999, '9,999'],
    [9999.5, '9,999.50'],
    [10000, '1萬'],
    [15000, '1.5萬'],
    [12345, '1.23萬'],
    [12355, '1.24萬'],
    [10050, '1.01萬'],
    [150000, '15萬'],
    [1234567, '123.46萬'],
    [10000000, '1,000萬'],
    [99990000, '9,999萬'],
    [99995000, '9,999.5萬'],
    [99999500, '9,999.95萬'],
    [100000000, '1億'],
    [123456789, '1.23億'],
    [150000000, '1.5億'],
    [1e12, '10,000億'],
    [-15000, '-1.5萬'],
    [-123456789, '-1.23億'],
    [-9999, '-9,999'],
  ])('%s → %s', (value, out) => {
    expect(formatCompact(value)).toBe(out);
  });

  it('moves up a unit when rounding reaches the next one', () => {
    // 99,999,999 is 9,999.9999萬, which rounds to 10,000萬: that is 1億.
    expect(formatCompact(99999999)).toBe('1億');
    expect(formatCompact(99999950)).toBe('1億');
    expect(formatCompact(-99999999)).toBe('-1億');
    // 9,999.995 rounds to 10,000, which is 1萬.
    expect(formatCompact(9999.995)).toBe('1萬');
    expect(formatCompact(9999.994)).toBe('9,999.99');
  });

  it('writes very large values without exponent notation', () => {
    expect(formatCompact(1e21)).toBe('10,000,000,000,000億');
    expect(formatCompact(1e30)).toBe('10,000,000,000,000,000,000,000億');
  });

  it('shows amounts rounding to zero without a minus sign', () => {
    expect(formatCompact(-0.001)).toBe('0');
    expect(formatCompact(-1e-9)).toBe('0');
  });

  it('reads strings and shows nothing for missing input', () => {
    expect(formatCompact('1,500,000')).toBe('150萬');
    expect(formatCompact('123456789')).toBe('1.23億');
    for (const v of ['', ' ', null, undefined, Number.NaN, Number.NEGATIVE_INFINITY, 'abc']) {
      expect(formatCompact(v)).toBe('');
    }
  });
});

describe('formatMoneyCompact', () => {
  it('prefixes the symbol to the compact amount', () => {
    expect(formatMoneyCompact(123456789, 'NTD')).toBe('NT$1.23億');
    expect(formatMoneyCompact(123456789)).toBe('NT$1.23億');
    expect(formatMoneyCompact(15000, 'USD')).toBe('US$1.5萬');
    expect(formatMoneyCompact(500, 'EUR')).toBe('$500');
    expect(formatMoneyCompact(99999999, 'NTD')).toBe('NT$1億');
  });

  it('puts the minus sign before the symbol, and none on zero', () => {
    expect(formatMoneyCompact(-15000, 'USD')).toBe('-US$1.5萬');
    expect(formatMoneyCompact(-0.001, 'USD')).toBe('US$0');
    expect(formatMoneyCompact(0)).toBe('NT$0');
  });

  it('shows nothing for missing input', () => {
    for (const v of ['', null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatMoneyCompact(v)).toBe('');
  });
});

describe('formatDate (YYYY-MM-DD)', () => {
  it('formats date strings as written, in any time zone', () => {
    expect(formatDate('2024-01-15')).toBe('2024-01-15');
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDate('1999-12-31')).toBe('1999-12-31');
  });

  it('formats ISO date-times as the local date of that instant', () => {
    const noonUtc = new Date(Date.UTC(2024, 2, 15, 12, 0));
    const expected = formatDate(noonUtc);
    // Midday UTC is 15 March from UTC-11 to UTC+11, which is where this suite normally runs.
    if (Math.abs(noonUtc.getTimezoneOffset()) <= 11 * 60) expect(expected).toBe('2024-03-15');
    for (const iso of [
      '2024-03-15T12:00:00Z',
      '2024-03-15T12:00:00z',
      '2024-03-15T12:00:00.000Z',
      '2024-03-15T12:00:00.123456Z',
      '2024-03-15T12:00:00+00:00',
      '2024-03-15T20:00:00+08:00',
      '2024-03-15T20:00:00+0800',
      '2024-03-15T07:00:00-05:00',
      // PostgreSQL's text form of timestamptz.
      '2024-03-15 12:00:00+00',
      '2024-03-15 20:00:00.5+08',
    ]) {
      expect(formatDate(iso), iso).toBe(expected);
    }
  });

  it('reads a date-time without offset as local time', () => {
    expect(formatDate('2024-03-15T10:30')).toBe('2024-03-15');
    expect(formatDate('2024-03-15T00:00:00')).toBe('2024-03-15');
    expect(formatDate('2024-03-15 23:59:59.999')).toBe('2024-03-15');
  });

  it('keeps years below 100 as written', () => {
    expect(formatDate('0099-06-15')).toBe('0099-06-15');
  });

  it('formats Date objects and timestamps in local time', () => {
    const d = new Date(2024, 0, 15, 10, 30);
    expect(formatDate(d)).toBe('2024-01-15');
    expect(formatDate(d.getTime())).toBe('2024-01-15');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
    expect(formatDate(new Date(2024, 0, 1, 0, 0))).toBe('2024-01-01');
  });

  it('treats timestamp 0 as a date, not as missing', () => {
    expect(formatDate(0)).toMatch(/^(1970-01-01|1969-12-31)$/);
  });

  it('shows nothing for missing or invalid input', () => {
    const invalid = [
      '',
      ' ',
      null,
      undefined,
      'not a date',
      'hello',
      '1',
      '2024',
      '2024-1-5',
      '15/01/2024',
      '2024-13-01',
      '2024-00-10',
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '2024-01-00',
      '2024-01-32',
      '2024-01-15T25:00',
      '2024-01-15T10:60',
      '2024-01-15T10:30:61',
      'Invalid Date',
      new Date('nope'),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      9e15,
    ];
    for (const v of invalid) expect(formatDate(v), String(v)).toBe('');
  });
});

describe('formatDateTime (YYYY-MM-DD HH:mm)', () => {
  it('formats local date-times', () => {
    expect(formatDateTime(new Date(2024, 0, 15, 9, 5))).toBe('2024-01-15 09:05');
    expect(formatDateTime(new Date(2024, 0, 15, 23, 59, 59).getTime())).toBe('2024-01-15 23:59');
    expect(formatDateTime('2024-03-15T10:30')).toBe('2024-03-15 10:30');
    expect(formatDateTime('2024-03-15 10:30:59')).toBe('2024-03-15 10:30');
    expect(formatDateTime('2024-03-15')).toBe('2024-03-15 00:00');
  });

  it('keeps the instant of a date-time with an offset', () => {
    const utc = Date.UTC(2024, 2, 15, 12, 0);
    expect(formatDateTime('2024-03-15T12:00:00Z')).toBe(formatDateTime(utc));
    expect(formatDateTime('2024-03-15T20:00:00+08:00')).toBe(formatDateTime(utc));
    expect(formatDateTime('2024-03-15 07:00:00-05')).toBe(formatDateTime(utc));
  });

  it('shows nothing for missing or invalid input', () => {
    for (const v of ['', null, undefined, 'nope', '2024-02-30 10:00', new Date(Number.NaN)]) {
      expect(formatDateTime(v)).toBe('');
    }
  });
});
