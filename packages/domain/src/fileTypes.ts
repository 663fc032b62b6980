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
