/**
 * The kinds of document the platform keeps (issue 9: PDF, images, Office documents and CSV): the
 * server tells them by their bytes, the web by the name before an upload starts (a first, friendly
 * refusal; the server's sniffing is what holds). Each kind has the type it is served with and the
 * extensions its name may end in.
 */
export const UPLOAD_FILE_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx'],
  },
  doc: { mime: 'application/msword', extensions: ['doc'] },
  xls: { mime: 'application/vnd.ms-excel', extensions: ['xls'] },
  ppt: { mime: 'application/vnd.ms-powerpoint', extensions: ['ppt'] },
  csv: { mime: 'text/csv', extensions: ['csv'] },
  txt: { mime: 'text/plain', extensions: ['txt'] },
} as const satisfies Record<string, { mime: string; extensions: readonly string[] }>;
export type UploadFileType = keyof typeof UPLOAD_FILE_TYPES;
export const UPLOAD_FILE_TYPE_KEYS = Object.keys(UPLOAD_FILE_TYPES) as UploadFileType[];

/** For `<input accept>`: every accepted extension and type. */
export const UPLOAD_ACCEPT = UPLOAD_FILE_TYPE_KEYS.flatMap((type) => [
  ...UPLOAD_FILE_TYPES[type].extensions.map((ext) => `.${ext}`),
  UPLOAD_FILE_TYPES[type].mime,
]).join(',');

/** The longest file name kept (bytes of most file systems; the name is shown, not used as a path). */
export const FILE_NAME_MAX = 255;

/** The extension of a name, lower case, without the dot; '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind a name claims by its extension, or null when no accepted kind ends that way. */
export function uploadTypeOfName(name: string): UploadFileType | null {
  const ext = fileExtension(name);
  return (
    UPLOAD_FILE_TYPE_KEYS.find((type) =>
      (UPLOAD_FILE_TYPES[type].extensions as readonly string[]).includes(ext),
    ) ?? null
  );
}

/**
 * The name a file is kept and downloaded under: its own, with the extension of what it really is
 * added when the name says something else ("scan" → "scan.pdf", "report.exe" → "report.exe.pdf"),
 * so opening a download never hands the bytes to the wrong program.
 */
export function nameWithTypeExtension(name: string, type: UploadFileType): string {
  const extensions = UPLOAD_FILE_TYPES[type].extensions as readonly string[];
  if (extensions.includes(fileExtension(name))) return name;
  const suffix = `.${extensions[0]}`;
  return `${[...name].slice(0, FILE_NAME_MAX - suffix.length).join('')}${suffix}`;
}

/** The last segment of a name a browser sent (some send a whole path), trimmed. */
export function baseFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').trim();
}

/** The image kinds (shown inline when downloaded); every other kind is a document. */
export const IMAGE_FILE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const satisfies readonly UploadFileType[];
export type ImageFileType = (typeof IMAGE_FILE_TYPES)[number];
export const DOC_FILE_TYPES = UPLOAD_FILE_TYPE_KEYS.filter(
  (type) => !(IMAGE_FILE_TYPES as readonly string[]).includes(type),
);

export function isImageFileType(type: UploadFileType): boolean {
  return (IMAGE_FILE_TYPES as readonly string[]).includes(type);
}

/** The kind served with a type, or null for a type no accepted kind has. */
export function uploadTypeOfMime(mime: string): UploadFileType | null {
  return UPLOAD_FILE_TYPE_KEYS.find((type) => UPLOAD_FILE_TYPES[type].mime === mime) ?? null;
}

// C0 and C1 controls, DEL, and the marks that reorder or hide text (bidirectional overrides and
// isolates, zero-width characters, the byte order mark): "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;
/** Half of a UTF-16 pair without its other half: malformed text that breaks encoders downstream. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Characters no common file system takes in a name (Windows' set, which covers the others'). */
const RESERVED = /[<>:"|?*]/g;

/**
 * The display name of an upload, from the name a browser sent: its last segment only (some send a
 * whole path, an attacker sends `../../etc/passwd`), malformed Unicode repaired, control and
 * invisible characters dropped, characters file systems refuse replaced, leading dots and trailing
 * dots and spaces removed (no hidden or Windows-mangled names), at most FILE_NAME_MAX characters.
 * A name is only ever shown and offered as the download's name, never used as a path; what is left
 * empty becomes `fallback`.
 */
export function sanitizeFileName(name: string, fallback = 'file'): string {
  const cleaned = baseFileName(name.replace(LONE_SURROGATE, '\ufffd').replace(INVISIBLE, ''))
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const kept = [...cleaned].slice(0, FILE_NAME_MAX).join('').trim();
  return kept === '' ? fallback : kept;
}
