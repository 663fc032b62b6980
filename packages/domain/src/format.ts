import dayjs from 'dayjs';

/** Currency symbol (SPEC section 9): NT$ for NTD, US$ for USD, $ otherwise. */
export function currencySymbol(currency: string | null | undefined): string {
  if (currency === 'NTD' || currency === 'TWD') return 'NT$';
  if (currency === 'USD') return 'US$';
  return '$';
}

/** A plain decimal numeral, commas only as thousands separators: "1,234,567.5", "-0.25", "+3", ".5". */
const NUMERAL = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/;

/**
 * Amounts arrive as numbers or as numeric strings (PostgreSQL numeric). Number() alone would read
 * " " as 0, "0x10" as 16 and "1,2,3" as 123; those are not amounts, so they show as nothing.
 */
function toNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/\d/.test(text) || !NUMERAL.test(text)) return null;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

function groupThousands(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * |n| in whole cents, rounded half up on the shortest decimal form of the number (what was written),
 * not on its binary value: 1.005 is stored as 1.00499999…, which toFixed(2) turns into "1.00".
 * From 1e21 up, String() switches to exponent notation ("1e+21"); doubles that large are whole
 * numbers, so BigInt gives their exact digits. Below 1e-6 (also exponent notation) it is 0 cents.
 */
function toCents(abs: number): bigint {
  if (abs >= 1e21) return BigInt(abs) * 100n;
  const text = String(abs);
  if (text.includes('e')) return 0n;
  const [int = '0', frac = ''] = text.split('.');
  const cents = BigInt(int + frac.padEnd(2, '0').slice(0, 2));
  return (frac[2] ?? '0') >= '5' ? cents + 1n : cents;
}

/** Cents as grouped digits; `trim` drops trailing decimal zeros ("1.50" → "1.5"), else only ".00". */
function centsToString(cents: bigint, trim: boolean): string {
  const digits = cents.toString().padStart(3, '0');
  const int = groupThousands(digits.slice(0, -2));
  const dec = trim ? digits.slice(-2).replace(/0+$/, '') : digits.slice(-2).replace(/^00$/, '');
  return dec ? `${int}.${dec}` : int;
}

/** 1234567.5 → "1,234,567.50"; 1000 → "1,000" (a trailing .00 is removed). */
export function formatNumber(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  const cents = toCents(Math.abs(n));
  const body = centsToString(cents, false);
  return n < 0 && cents > 0n ? `-${body}` : body;
}

/** Money with its currency symbol: formatMoney(1500000, 'NTD') → "NT$1,500,000". */
export function formatMoney(
  value: number | string | null | undefined,
  currency: string | null | undefined = 'NTD',
): string {
  const n = toNumber(value);
  if (n === null) return '';
  const body = formatNumber(Math.abs(n));
  const sign = n < 0 && body !== '0' ? '-' : '';
  return `${sign}${currencySymbol(currency)}${body}`;
}

/** Up to two decimals without trailing zeros, thousands grouped: 12345.678 → "12,345.68". */
function compactUnit(n: number): string {
  return centsToString(toCents(n), true);
}

/** 10,000 of a unit, in cents: the figure at which the next unit up takes over. */
const NEXT_UNIT_CENTS = 1_000_000n;

/**
 * Compact amount: 100,000,000 or more in 億, 10,000 or more in 萬, up to 2 decimals;
 * smaller amounts are shown in full. 123456789 → "1.23億", 150000 → "15萬".
 * The unit is chosen on the figure as shown: 99,999,999 is 9,999.9999萬, which rounds to
 * 10,000萬, and 10,000萬 is 1億, so it shows as "1億" (likewise 9,999.995 shows as "1萬").
 */
export function formatCompact(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  const abs = Math.abs(n);
  let body: string;
  if (abs >= 1e8 || toCents(abs / 1e4) >= NEXT_UNIT_CENTS) body = `${compactUnit(abs / 1e8)}億`;
  else if (abs >= 1e4 || toCents(abs) >= NEXT_UNIT_CENTS) body = `${compactUnit(abs / 1e4)}萬`;
  else body = formatNumber(abs);
  // An amount that rounds to nothing has no sign: -0.001 is "0", not "-0".
  return n < 0 && body !== '0' ? `-${body}` : body;
}

/** Compact money with its symbol: formatMoneyCompact(123456789, 'NTD') → "NT$1.23億". */
export function formatMoneyCompact(
  value: number | string | null | undefined,
  currency: string | null | undefined = 'NTD',
): string {
  const n = toNumber(value);
  if (n === null) return '';
  const body = formatCompact(Math.abs(n));
  const sign = n < 0 && body !== '0' ? '-' : '';
  return `${sign}${currencySymbol(currency)}${body}`;
}

/**
 * An ISO 8601 date or date-time as the API and PostgreSQL write them: 2024-01-15,
 * 2024-01-15T10:30, 2024-01-15T10:30:00.000Z, 2024-01-15 10:30:00+08 or +08:00 or +0800.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function daysInMonth(year: number, month: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
}

/**
 * Date strings are read strictly. dayjs (like Date) rolls impossible dates over - 2024-02-30 became
 * 2024-03-01, 2024-13-01 became 2025-01-01, 10:60 the next hour - and reads odd strings such as "1"
 * as 2001-01-01; a wrong date shown is worse than none. A date-time without offset is local time.
 */
function parseDateString(value: string): dayjs.Dayjs | null {
  const m = ISO_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', frac = '', offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59) return null;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  // set…FullYear rather than the Date constructor, which reads years 0–99 as 1900–1999.
  if (!offset) {
    const local = new Date(0);
    local.setFullYear(year, month - 1, day);
    local.setHours(Number(h), Number(mi), Number(sec), ms);
    return dayjs(local);
  }
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== 'Z') {
    const digits = offset.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(Number(h), Number(mi), Number(sec), ms);
  return dayjs(utc.getTime() - offsetMinutes * 60_000);
}

function toDate(value: string | number | Date | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined) return null;
  const d = typeof value === 'string' ? parseDateString(value) : dayjs(value);
  return d?.isValid() ? d : null;
}

/** Dates as YYYY-MM-DD (SPEC section 9); empty for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  return toDate(value)?.format('YYYY-MM-DD') ?? '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  return toDate(value)?.format('YYYY-MM-DD HH:mm') ?? '';
}
