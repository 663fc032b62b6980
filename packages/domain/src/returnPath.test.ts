import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './returnPath.ts';

// The package compiles against the ES library only (no DOM or Node types); these WHATWG globals exist
// in Node and in browsers, and the tests use just this much of them.
declare const URL: new (
  input: string,
  base?: string,
) => { origin: string; pathname: string; searchParams: { get(name: string): string | null } };
declare const URLSearchParams: new (init: string) => { get(name: string): string | null };

const HOME = '/dashboard/report?type=case';

describe('isSafeReturnPath: accepted (SPEC section 5)', () => {
  it.each([
    '/',
    '/dashboard',
    '/dashboard/manager/12',
    '/dashboard/report?type=investor',
    '/dashboard?status=all',
    '/investor/cases/s1?x=1#top',
    '/investor/cases/detail/42#summary-of-terms',
    '/a-b_c~d@e%20f',
    '/dashboard/investor/7?tab=dd&page=2',
    '/x?next=/y',
    '/x?q=a.b:c,d+e',
    '/%E4%B8%AD%E6%96%87',
    '/x/',
  ])('%s', (path) => {
    expect(isSafeReturnPath(path)).toBe(true);
    expect(safeReturnPath(path, HOME)).toBe(path);
  });
});

describe('isSafeReturnPath: refused', () => {
  it.each([
    ['protocol-relative', '//evil.com'],
    ['triple slash', '///evil.com'],
    ['backslash', '/\\evil'],
    ['backslash then slash', '/\\/evil.com'],
    ['absolute http', 'http://evil.com'],
    ['scheme without slashes', 'https:evil'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['colon in the path', '/javascript:alert(1)'],
    ['no leading slash', 'evil.com'],
    ['relative path', 'dashboard'],
    ['empty', ''],
    ['leading space', ' /x'],
    ['space inside', '/x y'],
    ['trailing space', '/x '],
    ['encoded double slash', '/%2F%2Fevil.com'],
    ['encoded double slash, no dot', '/%2F%2Fevil'],
    ['encoded backslash', '/%5Cevil'],
    ['lowercase encoded backslash', '/%5cevil'],
    ['double-encoded slashes', '/%252F%252Fevil'],
    ['triple-encoded slashes', '/%25252F%25252Fevil'],
    ['deeply encoded slashes', '/%2525252525252F%2525252525252Fevil'],
    ['encoded CRLF', '/%0d%0aSet-Cookie:x=1'],
    ['encoded CRLF without colon', '/%0d%0aSet-Cookie'],
    ['encoded NUL', '/x%00'],
    ['encoded tab', '/%09/evil'],
    ['newline', '/x\n'],
    ['carriage return', '/x\r'],
    ['tab then slash', '/\t/evil'],
    ['fullwidth slashes', '／／evil.com'],
    ['division slash', '/\u2215evil'],
    ['fullwidth solidus after slash', '/\uff0fevil'],
    // Decided: refused. A dot is not in the spec's set, and this decodes to ../../ besides.
    ['literal dot segments', '/..%2F..%2F'],
    ['literal dot segment', '/dashboard/../x'],
    ['encoded dot segments', '/%2E%2E/%2E%2E/'],
    ['encoded dot segment', '/dashboard/%2e%2e/auth'],
    ['lone encoded dot', '/%2E'],
    ['dot segment behind an encoded question mark', '/%3F/%2E%2E/x'],
    ['double-encoded dot segment', '/%252E%252E/x'],
    ['dot in the path', '/evil.com'],
    ['malformed escape', '/x%'],
    // Conservative: a literal % (sent as %25) decodes to a malformed escape, so it is refused too.
    ['encoded percent sign', '/100%25'],
    ['malformed escape 2', '/%zz'],
    ['query only', '?x=1'],
    ['fragment only', '#top'],
    ['two queries', '/x?a=1?b=2'],
    ['quote', "/x'y"],
    ['angle bracket', '/<script>'],
    ['space in query', '/x?a=b c'],
    ['newline in query', '/x?a=b\n'],
    ['encoded newline in query', '/x?a=%0A'],
  ])('%s: %j', (_label, path) => {
    expect(isSafeReturnPath(path)).toBe(false);
    expect(safeReturnPath(path, HOME)).toBe(HOME);
  });

  it.each([null, undefined, 42, {}, [], ['/dashboard'], true, new String('/dashboard')])(
    'non-string %j',
    (value) => {
      expect(isSafeReturnPath(value)).toBe(false);
      expect(safeReturnPath(value, HOME)).toBe(HOME);
    },
  );

  it('accepts up to 2048 characters and refuses longer strings', () => {
    const at = `/${'a'.repeat(2047)}`;
    expect(at).toHaveLength(2048);
    expect(isSafeReturnPath(at)).toBe(true);
    expect(isSafeReturnPath(`${at}a`)).toBe(false);
  });

  it('refuses very long strings quickly', () => {
    const huge = `/${'a/'.repeat(500_000)}`;
    const hugeQuery = `/x?${'a'.repeat(1_000_000)}!`;
    const start = Date.now();
    expect(isSafeReturnPath(huge)).toBe(false);
    expect(isSafeReturnPath(hugeQuery)).toBe(false);
    expect(Date.now() - start).toBeLessThan(50);
  });
});

describe('safeReturnPath', () => {
  it('returns the wanted path when safe', () => {
    expect(safeReturnPath('/dashboard/manager/12', HOME)).toBe('/dashboard/manager/12');
  });

  it('falls back to the given home', () => {
    expect(safeReturnPath('//evil.com', '/investor/cases/s1')).toBe('/investor/cases/s1');
    expect(safeReturnPath(undefined, '/login')).toBe('/login');
    expect(safeReturnPath('', '/startup')).toBe('/startup');
  });

  it('takes the value URLSearchParams decodes from ?redirect=', () => {
    const redirect = (qs: string) => new URLSearchParams(qs).get('redirect');
    expect(safeReturnPath(redirect('redirect=%2Fdashboard%2Fauth'), HOME)).toBe('/dashboard/auth');
    expect(safeReturnPath(redirect('redirect=%2F%2Fevil.com'), HOME)).toBe(HOME);
    expect(safeReturnPath(redirect('redirect=https%3A%2F%2Fevil.com'), HOME)).toBe(HOME);
    expect(safeReturnPath(redirect('other=1'), HOME)).toBe(HOME);
  });

  it('never yields a URL that leaves the origin', () => {
    const origin = 'https://app.example.test';
    const inputs = [
      '//evil.com',
      '/\\evil.com',
      '/%2F%2Fevil.com',
      '/%5C%5Cevil.com',
      '/\t/evil.com',
      '/dashboard',
    ];
    for (const input of inputs) {
      expect(new URL(safeReturnPath(input, HOME), origin).origin).toBe(origin);
    }
  });
});
