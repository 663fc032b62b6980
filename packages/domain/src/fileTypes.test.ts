import { describe, expect, it } from 'vitest';
import {
  DOC_FILE_TYPES,
  FILE_NAME_MAX,
  IMAGE_FILE_TYPES,
  sanitizeFileName,
  uploadTypeOfMime,
} from './fileTypes.ts';

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('2025 財務報表 (final).pdf')).toBe('2025 財務報表 (final).pdf');
  });

  it('keeps the last segment of a path only: a name is never a path', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('C:\\Users\\me\\report.docx')).toBe('report.docx');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('../')).toBe('file');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
  });

  it('drops NUL, control and invisible reordering characters', () => {
    expect(sanitizeFileName('evil\u0000.pdf')).toBe('evil.pdf');
    expect(sanitizeFileName('a\r\nb\t.pdf')).toBe('ab.pdf');
    expect(sanitizeFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('zero\u200bwidth\ufeff.txt')).toBe('zerowidth.txt');
    expect(sanitizeFileName('\u0085\u009b')).toBe('file');
  });

  it('repairs malformed Unicode and replaces what file systems refuse', () => {
    expect(sanitizeFileName('bad\ud800name.pdf')).toBe('bad\ufffdname.pdf');
    expect(sanitizeFileName('a<b>c:d"e|f?g*.txt')).toBe('a_b_c_d_e_f_g_.txt');
    expect(sanitizeFileName('  trailing dots... ')).toBe('trailing dots');
    expect(sanitizeFileName('', 'image')).toBe('image');
  });

  it('keeps at most FILE_NAME_MAX characters, never half a character', () => {
    const long = sanitizeFileName('😀'.repeat(300));
    expect([...long]).toHaveLength(FILE_NAME_MAX);
    expect(long).toBe('😀'.repeat(FILE_NAME_MAX));
  });
});

describe('image and document kinds', () => {
  it('split the accepted kinds in two', () => {
    expect(IMAGE_FILE_TYPES).toEqual(['png', 'jpeg', 'gif', 'webp']);
    expect(DOC_FILE_TYPES).toContain('pdf');
    expect(DOC_FILE_TYPES).not.toContain('png');
    expect(uploadTypeOfMime('image/png')).toBe('png');
    expect(uploadTypeOfMime('text/html')).toBeNull();
  });
});
