import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfSourceOf } from './pdfSource.ts';

afterEach(() => vi.unstubAllGlobals());

describe('pdfSourceOf', () => {
  it('is nothing while neither a path nor a source is given', () => {
    expect(pdfSourceOf({ path: null })).toBeNull();
    expect(pdfSourceOf({ source: null })).toBeNull();
    expect(pdfSourceOf({})).toBeNull();
  });

  it('loads a path through the authorised route, keyed by the path', async () => {
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const fetch = vi.fn(async () => new Response(bytes));
    vi.stubGlobal('fetch', fetch);
    const source = pdfSourceOf({ path: '/api/internal/v1/documents/7/pdf' });
    expect(source?.key).toEqual(['path', '/api/internal/v1/documents/7/pdf']);
    const signal = new AbortController().signal;
    const loaded = await source?.load(signal);
    expect(new Uint8Array(loaded ?? new ArrayBuffer(0))).toEqual(bytes);
    expect(fetch).toHaveBeenCalledWith(
      '/api/internal/v1/documents/7/pdf',
      expect.objectContaining({ signal }),
    );
  });

  it('takes the caller’s source as it is', () => {
    const source = { key: ['contract-preview', 1], load: vi.fn() };
    expect(pdfSourceOf({ source })).toBe(source);
    expect(source.load).not.toHaveBeenCalled();
  });
});
