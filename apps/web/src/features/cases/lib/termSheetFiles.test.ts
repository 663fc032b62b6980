import { describe, expect, it } from 'vitest';
import { changedFields } from './changedFields.ts';
import { valueText } from './historyText.ts';
import {
  fetchablePath,
  isPdfName,
  isWebLink,
  mediaBody,
  mediaItemsOf,
  refOfStoredFile,
  termFileBody,
  termFileOf,
} from './termSheetFiles.ts';

const stored = { file_id: 7, name: '公司簡報.pdf', path: '/api/v1/files/7/content' };

describe('term sheet files', () => {
  it('reads the stored presentation file in both shapes, and nothing as null', () => {
    expect(termFileOf(stored)).toEqual(stored);
    // The path of a stored file is always its authorised route, whatever the record holds.
    expect(termFileOf({ ...stored, path: 'https://evil.example/x' })).toEqual(stored);
    expect(termFileOf({ name: '舊簡報', path: '/uploads/a.pdf' })).toEqual({
      name: '舊簡報',
      path: '/uploads/a.pdf',
    });
    expect(termFileOf({})).toBeNull();
    expect(termFileOf(null)).toBeNull();
    expect(termFileOf({ file_id: '7', name: 'x' })).toEqual({ name: 'x', path: '' });
  });

  it('reads media as stored files and links, leaving out what is not an item', () => {
    expect(mediaItemsOf([stored, { name: '報導', url: 'https://news.example/a' }, 'junk', null])).toEqual([
      stored,
      { name: '報導', url: 'https://news.example/a' },
    ]);
    expect(mediaItemsOf(undefined)).toEqual([]);
  });

  it('an unchanged stored file is not a change; a new upload or a removal is', () => {
    const sheet = { presentationFile: stored, medias: [stored] };
    const same = {
      presentationFile: termFileBody(termFileOf(stored)),
      medias: mediaBody(mediaItemsOf([stored])),
    };
    expect(changedFields(sheet, same)).toEqual({});
    const upload = refOfStoredFile({
      id: 9,
      path: '/api/v1/files/9/content',
      name: 'deck.pdf',
      size: 10,
      mime: 'application/pdf',
      sha256: 'x',
      kind: 'doc',
      type: 'presentationFile',
      owner: { kind: 'employee', id: 1 },
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(changedFields(sheet, { presentationFile: termFileBody(upload) })).toEqual({
      presentationFile: { file_id: 9, name: 'deck.pdf', path: '/api/v1/files/9/content' },
    });
    expect(changedFields(sheet, { presentationFile: termFileBody(null) })).toEqual({
      presentationFile: null,
    });
  });

  it('builds the media body: blank link rows dropped, names trimmed, null when empty', () => {
    expect(
      mediaBody([
        { name: ' 報導 ', url: ' https://a.example ' },
        { name: '', url: '' },
        { ...stored, name: ' 照片 ' },
      ]),
    ).toEqual([
      { name: '報導', url: 'https://a.example' },
      { file_id: 7, name: '照片', path: '/api/v1/files/7/content' },
    ]);
    expect(mediaBody([{ name: ' ', url: '' }])).toBeNull();
    expect(termFileBody({ name: ' ', path: ' ' })).toBeNull();
  });

  it('fetches with the token only from this API, opens only web links, previews PDFs', () => {
    expect(fetchablePath(stored)).toBe(stored.path);
    for (const path of [
      'https://evil.example/api/x',
      '//evil.example/api/x',
      '/uploads/a.pdf',
      '/api//x',
      '',
      '/api/\\x',
    ])
      expect(fetchablePath({ path })).toBeNull();
    expect(fetchablePath(null)).toBeNull();
    expect(isWebLink('https://news.example')).toBe(true);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isPdfName('簡報.PDF')).toBe(true);
    expect(isPdfName('photo.png')).toBe(false);
  });

  it('the history names a file, not its id or path', () => {
    const words = { none: '無', yes: '是', no: '否', stage: (s: string) => s };
    expect(valueText(stored, words)).toBe('公司簡報.pdf');
    expect(valueText([stored, { name: '報導', url: 'https://a.example' }], words)).toBe('公司簡報.pdf、報導');
  });
});
