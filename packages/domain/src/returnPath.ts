/**
 * Post-login return path (SPEC section 5): only a relative path starting with one slash, made of
 * letters, digits, `@ - % _ ~` and slashes, optionally followed by a query and a fragment.
 * Anything else (other hosts, `//evil`, backslashes, schemes, encoded tricks) is refused.
 */
const SAFE_PATH =
  /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9@\-%_~/=&.,:+]*)?(#[A-Za-z0-9@\-%_~/=&.,:+]*)?$/;

const MAX_DECODE_ROUNDS = 3;

export function isSafeReturnPath(input: unknown): input is string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) return false;
  if (!SAFE_PATH.test(input)) return false;
  // Percent-encoding may hide a second slash, a backslash or a control character. Decode until
  // nothing changes; a path still encoded after several rounds has no honest reason to be, and
  // stopping early would let `%25` layers carry the trick past the checks below.
  let decoded = input;
  for (let round = 0; ; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    if (round === MAX_DECODE_ROUNDS) return false;
    decoded = next;
  }
  const pathPart = decoded.split(/[?#]/, 1)[0] ?? '';
  if (pathPart.startsWith('//') || pathPart.includes('\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return false;
  return true;
}

/** The path to go to after login: the wanted one if safe, otherwise the given home. */
export function safeReturnPath(input: unknown, home: string): string {
  return isSafeReturnPath(input) ? input : home;
}
