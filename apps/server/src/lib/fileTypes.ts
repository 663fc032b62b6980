/**
 * What an uploaded file really is, told by its bytes (magic numbers and structure), never by the
 * name or the type the browser declared: a renamed executable is not a PDF. Only the kinds of
 * UPLOAD_FILE_TYPES are recognised; anything else is null and refused by the caller.
 *
 * - PDF, PNG, JPEG, GIF, WebP: their signatures.
 * - DOCX, XLSX, PPTX: a zip (checked by the archive guard first: every entry is really inflated
 *   and counted, so a zip bomb is refused before any reader sees it) holding `[Content_Types].xml`
 *   and the main part of one of the three.
 * - DOC, XLS, PPT: an OLE compound file whose directory holds the stream of one of the three
 *   (WordDocument, Workbook/Book, PowerPoint Document); other compound files (installers) are not.
 * - CSV and plain text: no signature, so no byte a text holds none of (NUL and the other control
 *   characters but tab, line feed, form feed, carriage return and escape) anywhere in the file,
 *   and a name that says .csv or .txt (text could otherwise be a script or a web page).
 */
import { open, readFile } from 'node:fs/promises';
import { fileExtension, type ImageFileType, type UploadFileType } from '@dealflow/domain';
import { checkZipArchive, type ZipLimits } from './archive.ts';
import { AppError } from './errors.ts';
import type { StagedFile } from './storage.ts';

/** An Office document unpacks to a few times its size; 20 MB of text-heavy XML stays far below. */
const OOXML_LIMITS: ZipLimits = { maxTotalBytes: 256 * 1024 * 1024, maxEntries: 5000 };

const OOXML_MAIN_PART: Record<'docx' | 'xlsx' | 'pptx', string> = {
  docx: 'word/document.xml',
  xlsx: 'xl/workbook.xml',
  pptx: 'ppt/presentation.xml',
};

const startsWith = (data: Buffer, magic: readonly number[], at = 0) =>
  data.length >= at + magic.length && magic.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The kind of a staged upload, or null when it is none of the accepted kinds. */
export async function identifyFile(staged: StagedFile, name: string): Promise<UploadFileType | null> {
  const { head } = staged;
  if (staged.size === 0) return null;
  if (startsWith(head, PDF)) return 'pdf';
  const image = identifyImage(staged);
  if (image) return image;
  if (startsWith(head, ZIP)) return ooxmlKind(await readFile(staged.path));
  if (startsWith(head, OLE)) return oleKind(await readFile(staged.path));
  const ext = fileExtension(name);
  if ((ext === 'csv' || ext === 'txt') && (await isText(staged.path))) return ext;
  return null;
}

/**
 * The kind of a staged upload when it is an image (by its signature alone: nothing is unpacked or
 * parsed), else null. SVG is no image here: it is a document that can carry script.
 */
export function identifyImage(staged: StagedFile): ImageFileType | null {
  const { head } = staged;
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}

const notOffice = () =>
  new AppError('FILE_TYPE_NOT_ALLOWED', { message: 'The zip file is not an Office document' });

async function ooxmlKind(data: Buffer): Promise<UploadFileType | null> {
  const entries = await checkZipArchive(data, {
    limits: OOXML_LIMITS,
    unreadable: notOffice,
    tooLargeMessage: 'The document holds too much data once unpacked',
  });
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) return null;
  const kinds = (Object.keys(OOXML_MAIN_PART) as Array<keyof typeof OOXML_MAIN_PART>).filter((kind) =>
    names.has(OOXML_MAIN_PART[kind]),
  );
  return kinds.length === 1 ? (kinds[0] ?? null) : null;
}

/** Bytes that never occur in text: C0 controls but \t \n \f \r and ESC, and DEL. */
const BINARY = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) BINARY[b] = 1;
for (const b of [0x09, 0x0a, 0x0c, 0x0d, 0x1b]) BINARY[b] = 0;
BINARY[0x7f] = 1;

async function isText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      for (let i = 0; i < bytes.length; i++) if (BINARY[bytes[i]!]) return false;
    }
    return true;
  } finally {
    await handle.close();
  }
}

// ── OLE compound files (MS-CFB) ─────────────────────────────────────────────────────────────

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECT = 0xffffffff;
const MAX_REG_SECT = 0xfffffffa;
/** Legacy Office files have a handful of directory entries; a long chain is not one of them. */
const MAX_DIRECTORY_SECTORS = 4096;

const OLE_STREAMS: Array<[string, UploadFileType]> = [
  ['WordDocument', 'doc'],
  ['Workbook', 'xls'],
  ['Book', 'xls'],
  ['PowerPoint Document', 'ppt'],
];

/**
 * The kind of a compound file by the names in its directory: the header gives the sector size,
 * the FAT sectors (109 in the header, more through the DIFAT chain) and the first directory
 * sector; the directory's chain is followed through the FAT. Malformed input is null, never a throw.
 */
function oleKind(data: Buffer): UploadFileType | null {
  try {
    const names = oleDirectoryNames(data);
    for (const [stream, kind] of OLE_STREAMS) if (names.has(stream)) return kind;
    return null;
  } catch {
    return null;
  }
}

function oleDirectoryNames(data: Buffer): Set<string> {
  if (data.length < 512) throw new Error('short header');
  const shift = data.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) throw new Error('sector size');
  const sectorSize = 1 << shift;
  const sectorAt = (sector: number) => {
    const start = (sector + 1) * sectorSize;
    if (sector > MAX_REG_SECT || start + sectorSize > data.length) throw new Error('sector out of file');
    return start;
  };
  const fatSectorCount = data.readUInt32LE(0x2c);
  const firstDirSector = data.readUInt32LE(0x30);
  let difatSector = data.readUInt32LE(0x44);
  const difatCount = data.readUInt32LE(0x48);
  const sectorsInFile = Math.floor(data.length / sectorSize);
  if (fatSectorCount > sectorsInFile || difatCount > sectorsInFile) throw new Error('counts');

  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) {
    fatSectors.push(data.readUInt32LE(0x4c + i * 4));
  }
  const perDifat = sectorSize / 4 - 1;
  for (let n = 0; n < difatCount && fatSectors.length < fatSectorCount; n++) {
    const at = sectorAt(difatSector);
    for (let i = 0; i < perDifat && fatSectors.length < fatSectorCount; i++) {
      fatSectors.push(data.readUInt32LE(at + i * 4));
    }
    difatSector = data.readUInt32LE(at + perDifat * 4);
  }
  const perFat = sectorSize / 4;
  const next = (sector: number) => {
    const fat = fatSectors[Math.floor(sector / perFat)];
    if (fat === undefined) throw new Error('sector outside the FAT');
    return data.readUInt32LE(sectorAt(fat) + (sector % perFat) * 4);
  };

  const names = new Set<string>();
  const seen = new Set<number>();
  for (let sector = firstDirSector; sector !== END_OF_CHAIN; sector = next(sector)) {
    if (sector === FREE_SECT || seen.has(sector) || seen.size >= MAX_DIRECTORY_SECTORS) {
      throw new Error('broken directory chain');
    }
    seen.add(sector);
    const at = sectorAt(sector);
    for (let entry = at; entry + 128 <= at + sectorSize; entry += 128) {
      const length = data.readUInt16LE(entry + 0x40);
      const type = data[entry + 0x42];
      // Streams (2) and storages (1); the name's length counts its terminating NUL, in bytes.
      if ((type === 1 || type === 2) && length >= 2 && length <= 64) {
        names.add(data.toString('utf16le', entry, entry + length - 2));
      }
    }
  }
  return names;
}
