import ExcelJS from 'exceljs';
import { buildZip, zeroDeflate } from './zipBombs.ts';

/**
 * Small but well-formed files of every accepted kind, and look-alikes that must be refused,
 * built in memory so tests carry no binary fixtures.
 */

export const pdf = (text = 'Dealflow') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
export const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
export const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 3)]);
export const webp = () => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0);
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8 ', 8);
  return b;
};

/** A Windows executable: what a "PDF" from a stranger may really be. */
export const exe = () => {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0);
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.write('This program cannot be run in DOS mode.', 0x4e);
  return b;
};

const stored = (name: string, text: string) => {
  const data = Buffer.from(text);
  return { name, data, method: 0 as const, size: data.length };
};
const contentTypes = stored('[Content_Types].xml', '<?xml version="1.0"?><Types/>');

/** A zip with the parts Word (or PowerPoint) needs to be recognised. */
export const docx = () =>
  buildZip([contentTypes, stored('word/document.xml', '<w:document>報告</w:document>')]);
export const pptx = () => buildZip([contentTypes, stored('ppt/presentation.xml', '<p:presentation/>')]);
/** A real workbook, as Excel-compatible writers make it. */
export async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Sheet1').addRow(['name', 'amount']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
/** A zip that is no Office document. */
export const plainZip = () => buildZip([stored('notes.txt', 'hello')]);
/** A "docx" whose document part inflates to `mib` MiB of zeros. */
export async function docxBomb(mib: number): Promise<Buffer> {
  const data = await zeroDeflate(mib);
  return buildZip([contentTypes, { name: 'word/document.xml', data, method: 8, size: mib * 1024 * 1024 }]);
}

/**
 * A minimal OLE compound file (MS-CFB version 3, 512-byte sectors): sector 0 is the FAT, sector 1
 * the directory with the root and one stream of the given name. `WordDocument` makes a .doc;
 * `Workbook` an .xls; anything else (an installer's streams) is no Office document.
 */
export function ole(streamName: string): Buffer {
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(0xfffffffe, 0x3c);
  header.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0 holds the FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1 (the directory) ends its chain
  const dir = Buffer.alloc(512, 0);
  const entry = (index: number, name: string, type: number) => {
    const at = index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(dir, at);
    dir.writeUInt16LE(encoded.length, at + 0x40);
    dir[at + 0x42] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return Buffer.concat([header, fat, dir]);
}

export const csv = () => Buffer.from('\ufeffname,amount\n王小明,1000000\n', 'utf8');
