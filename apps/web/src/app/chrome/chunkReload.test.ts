import { CHUNK_RELOAD_GUARD_MS } from '@dealflow/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/storage.ts';
import { isChunkLoadError, reloadForChunkError, resetChunkReloadState } from './chunkReload.ts';

describe('chunk-load failure (SPEC section 8)', () => {
  beforeEach(() => resetChunkReloadState());

  it('recognises failed dynamic imports from Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then not again within a minute', () => {
    const reload = vi.fn();
    expect(reloadForChunkError({ now: 1_000_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    resetChunkReloadState(); // a new page life after the reload
    expect(reloadForChunkError({ now: 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the guard time has passed', () => {
    const reload = vi.fn();
    reloadForChunkError({ now: 5_000, reload });
    resetChunkReloadState();
    expect(reloadForChunkError({ now: 5_000 + CHUNK_RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the timestamp in sessionStorage', () => {
    reloadForChunkError({ now: 42_000, reload: () => {} });
    expect(session.getItem('dealflow.chunkReloadAt')).toBe('42000');
  });

  it('several failing chunks in one page life start a single reload', () => {
    const reload = vi.fn();
    expect(reloadForChunkError({ now: 1, reload })).toBe(true);
    expect(reloadForChunkError({ now: 2, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
