/**
 * The `url` of PDF to HTML names a file of our own storage, and only that: the server never makes
 * a request for it (no SSRF by construction); the id is taken from the text and the file is read
 * from the store. Anything but the one form is refused, before any lookup:
 *
 *   /api/v1/files/{id}/content                    (relative, from the root)
 *   {PUBLIC_URL origin}/api/v1/files/{id}/content  (absolute, exactly our configured origin)
 *
 * Matched on the raw text, not on a parsed URL: parsers disagree about backslashes, userinfo
 * (`http://ours@evil/`), percent-encoded slashes and dots, tabs and new lines inside a URL, and a
 * check that decodes differently from what would fetch is the classic way round it. So the text
 * itself must be the canonical form: no `%`, `\`, `@`, whitespace, query or fragment; an id of
 * letters, digits, `-` and `_`.
 */
const FILE_PATH = /^\/api\/v1\/files\/([A-Za-z0-9_-]{1,64})\/content$/;

/** The file id the url names, or null when it is not a url of our own storage. */
export function ownFileIdOf(url: string, publicUrl: string | null): string | null {
  const relative = FILE_PATH.exec(url);
  if (relative) return relative[1] ?? null;
  if (!publicUrl) return null;
  let origin: string;
  try {
    origin = new URL(publicUrl).origin;
  } catch {
    return null;
  }
  if (origin === 'null' || url.length <= origin.length) return null;
  // Scheme and host compare without case (they have none); the path must follow at once.
  if (url.slice(0, origin.length).toLowerCase() !== origin.toLowerCase()) return null;
  const absolute = FILE_PATH.exec(url.slice(origin.length));
  return absolute ? (absolute[1] ?? null) : null;
}
