import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenKey } from '@dealflow/domain';
import { changeLanguage } from '../i18n/index.ts';
import { downloadStoredFile, uploadDoc, uploadImage } from './storedFiles.ts';

/**
 * SPEC section 8 "File download": 無法讀取檔案 when the file has no path, 下載失敗 when the fetch is
 * not ok or no blob link can be made; otherwise the bytes are saved under the file's name.
 */

const file = { path: '/api/v1/files/7/content', name: '投資意向書.pdf' };

let saved: Array<{ href: string; download: string }>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await changeLanguage('zh-TW');
  saved = [];
  localStorage.clear();
  fetchMock = vi.fn(async () => new Response('%PDF-1.4', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs: each test says whether one can be made.
  URL.createObjectURL = vi.fn(() => 'blob:dealflow/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadStoredFile', () => {
  it('fetches the path with the stored token and saves the blob under the file name', async () => {
    localStorage.setItem(tokenKey('local'), 'Bearer secret');
    const notify = vi.fn();
    expect(await downloadStoredFile(file, { notify })).toEqual({ ok: true, name: '投資意向書.pdf' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/files/7/content');
    expect(init.headers).toEqual({ Authorization: 'Bearer secret' });
    expect(saved).toEqual([{ href: 'blob:dealflow/1', download: '投資意向書.pdf' }]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('says 無法讀取檔案 and fetches nothing when the file has no path', async () => {
    for (const f of [{ name: 'a.pdf' }, { path: null, name: 'a.pdf' }, { path: '  ', name: 'a.pdf' }, null]) {
      const notify = vi.fn();
      expect(await downloadStoredFile(f, { notify })).toEqual({ ok: false, reason: 'no_path' });
      expect(notify).toHaveBeenCalledWith('無法讀取檔案');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says 下載失敗 when the fetch is not ok', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ error: { status: 404, code: 'FILE_NOT_FOUND', message: 'File not found' } }),
        {
          status: 404,
        },
      ),
    );
    const notify = vi.fn();
    const result = await downloadStoredFile(file, { notify });
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(notify).toHaveBeenCalledWith('下載失敗');
    expect(saved).toEqual([]);
  });

  it('says 下載失敗 when the network fails or no blob link can be made', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const notify = vi.fn();
    await downloadStoredFile(file, { notify });
    URL.createObjectURL = vi.fn(() => {
      throw new Error('no object URLs here');
    });
    await downloadStoredFile(file, { notify });
    expect(notify.mock.calls).toEqual([['下載失敗'], ['下載失敗']]);
    expect(saved).toEqual([]);
  });

  it('tells nothing of a download the caller cancelled', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const notify = vi.fn();
    expect(await downloadStoredFile(file, { notify })).toMatchObject({ ok: false, reason: 'cancelled' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('words its messages in English too', async () => {
    await changeLanguage('en');
    const notify = vi.fn();
    await downloadStoredFile({ name: 'x' }, { notify });
    expect(notify).toHaveBeenCalledWith('The file cannot be read');
  });
});

/** A minimal XMLHttpRequest that records what is sent and answers with `answer`. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer = { status: 200, body: '{}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeXhr.last = this;
    this.sent = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    this.onload?.();
  }
  abort() {
    this.onabort?.();
  }
}

describe('uploadImage and uploadDoc', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('send an image in the field named by its type, with progress', async () => {
    const stored = { id: 1, path: '/api/v1/files/1/content', name: 'a.png' };
    FakeXhr.answer = { status: 200, body: JSON.stringify({ data: stored }) };
    const progress: number[] = [];
    const image = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    expect(await uploadImage(image, { type: 'avatar', onProgress: (p) => progress.push(p) })).toEqual(stored);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/images?type=avatar']);
    expect((xhr.sent!.get('avatar') as File).name).toBe('a.png');
    expect(progress).toEqual([50, 100]);
  });

  it('send a document in the field "file" with its type, and fail with the API error code', async () => {
    FakeXhr.answer = {
      status: 415,
      body: JSON.stringify({ error: { status: 415, code: 'DOC_TYPE_NOT_ALLOWED', message: 'no' } }),
    };
    const doc = new File(['<svg/>'], 'x.pdf');
    await expect(uploadDoc(doc, { type: 'nda' })).rejects.toMatchObject({
      status: 415,
      code: 'DOC_TYPE_NOT_ALLOWED',
    });
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/v1/docs');
    expect(xhr.sent!.get('type')).toBe('nda');
    expect((xhr.sent!.get('file') as File).name).toBe('x.pdf');
  });
});
