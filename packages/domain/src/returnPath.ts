/**
 * Post-login return path (SPEC section 5): only a relative path starting with one slash, made of
 * letters, digits, `@ - % _ ~` and slashes, optionally followed by a query and a fragment.
 * Anything else (other hosts, `//evil`, backslashes, schemes, encoded tricks) is refused.
 */
const SAFE_PATH =
  /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9@\-%_~/=&.,:+]*)?(#[A-Za-z0-9@\-%_~/=&.,:+]*)?$/;

const MAX_DECODE_ROUNDS = 3;

/**
 * Percent-encoding may hide a second slash, a backslash or a control character. Decode until
 * nothing changes; a path still encoded after several rounds has no honest reason to be, and
 * stopping early would let `%25` layers carry the trick past the checks. null when malformed.
 */
function fullyDecode(value: string): string | null {
  let decoded = value;
  for (let round = 0; ; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) return decoded;
    if (round === MAX_DECODE_ROUNDS) return null;
    decoded = next;
  }
}

function isHostilePath(path: string): boolean {
  if (path.startsWith('//') || path.includes('\\')) return true;
  // Dots are not in the allowed set; encoded as %2E they still make `.`/`..` segments, which the
  // browser resolves (the URL parser treats %2E%2E as ..) to a page other than the one named.
  return path.split('/').some((segment) => segment === '.' || segment === '..');
}

export function isSafeReturnPath(input: unknown): input is string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) return false;
  if (!SAFE_PATH.test(input)) return false;
  const decoded = fullyDecode(input);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (decoded === null || /[\u0000-\u001f\u007f]/.test(decoded)) return false;
  // The path as the browser splits it (at the first literal ? or #), and as a decoder would.
  const rawPath = fullyDecode(input.split(/[?#]/, 1)[0] ?? '');
  if (rawPath === null || isHostilePath(rawPath)) return false;
  return !isHostilePath(decoded.split(/[?#]/, 1)[0] ?? '');
}

/** The path to go to after login: the wanted one if safe, otherwise the given home. */
export function safeReturnPath(input: unknown, home: string): string {
  return isSafeReturnPath(input) ? input : home;
}
