import { fileContentPath, type StoredFileInfo } from '@dealflow/domain';

/**
 * The term sheet's files on the web (issue 12): the presentation file and each media item are a
 * stored file (`file_id`, name, its authorised path), or, as written before uploads existed, a
 * typed name and path (the presentation file) or a named link (media).
 */

export interface StoredRef {
  file_id: number;
  name: string;
  path: string;
}
export interface LegacyFile {
  name: string;
  path: string;
}
export interface MediaLink {
  name: string;
  url: string;
}
export type TermFile = StoredRef | LegacyFile;
export type MediaItem = StoredRef | MediaLink;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const isStoredRef = (v: unknown): v is StoredRef =>
  isRecord(v) && typeof v.file_id === 'number' && Number.isInteger(v.file_id) && v.file_id > 0;

/** A stored file as a term sheet keeps it (the order the server writes, so an unchanged one compares equal). */
export const refOfStoredFile = (file: StoredFileInfo): StoredRef => ({
  file_id: file.id,
  name: file.name,
  path: file.path,
});

/** The stored presentation file as the form holds it; null when there is none. */
export function termFileOf(value: unknown): TermFile | null {
  if (isStoredRef(value))
    return { file_id: value.file_id, name: str(value.name), path: fileContentPath(value.file_id) };
  if (isRecord(value) && (str(value.name) || str(value.path)))
    return { name: str(value.name), path: str(value.path) };
  return null;
}

/** The stored media list as the form holds it (anything unreadable left out). */
export function mediaItemsOf(value: unknown): MediaItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m: unknown): MediaItem[] => {
    if (isStoredRef(m)) return [{ file_id: m.file_id, name: str(m.name), path: fileContentPath(m.file_id) }];
    if (isRecord(m)) return [{ name: str(m.name), url: str(m.url) }];
    return [];
  });
}

/**
 * Where a file's bytes may be fetched with the session's token: only a path of this site's API
 * (`/api/…`), never another host (`//host`, `https://…`), whatever an old record holds. Null when none.
 */
export function fetchablePath(file: { path?: string | null } | null | undefined): string | null {
  const path = file?.path?.trim() ?? '';
  return /^\/api\/[^/\\]/.test(path) ? path : null;
}

/** Whether the viewer can show it: a PDF by its name (a stored file's name carries the extension of its bytes). */
export const isPdfName = (name: string | null | undefined) => /\.pdf$/i.test(name?.trim() ?? '');

/** A link that may be opened: http(s) only (never `javascript:` from an old record). */
export const isWebLink = (url: string | null | undefined) => /^https?:\/\//i.test(url?.trim() ?? '');

/** The presentation file as the API takes it: a stored file by id, an old typed one as it was, or null. */
export function termFileBody(file: TermFile | null | undefined): TermFile | null {
  if (!file) return null;
  if (isStoredRef(file))
    return { file_id: file.file_id, name: file.name.trim(), path: fileContentPath(file.file_id) };
  const name = file.name.trim();
  const path = file.path.trim();
  return name || path ? { name, path } : null;
}

/** The media list as the API takes it: blank link rows dropped, names trimmed; null when empty. */
export function mediaBody(
  items: readonly (Partial<MediaItem> | undefined)[] | undefined,
): MediaItem[] | null {
  const out = (items ?? []).flatMap((m): MediaItem[] => {
    if (!m) return [];
    if (isStoredRef(m))
      return [{ file_id: m.file_id, name: m.name.trim(), path: fileContentPath(m.file_id) }];
    const link = m as Partial<MediaLink>;
    const name = link.name?.trim() ?? '';
    const url = link.url?.trim() ?? '';
    return name || url ? [{ name, url }] : [];
  });
  return out.length > 0 ? out : null;
}
