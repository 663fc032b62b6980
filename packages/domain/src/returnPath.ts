/**
 * Post-login return path (SPEC section 5): only a relative path starting with one slash, made of
 * letters, digits, `@ - % _ ~` and slashes, optionally followed by a query and a fragment.
 * Anything else (other hosts, `//evil`, backslashes, schemes, encoded tricks) is refused.
 */
const SAFE_PATH =
  /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(\?[A-Za-z0-9@\-%_~/=&.,:+]*)?(#[A-Za-z0-9@\-%_~/=&.,:+]*)?$/;

export function isSafeReturnPath(input: unknown): input is string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) return false;
  if (!SAFE_PATH.test(input)) return false;
  // Percent-encoding may hide a second slash, a backslash or a control character.
  let decoded = input;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
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
