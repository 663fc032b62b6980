import { CHUNK_RELOAD_GUARD_MS } from '@dealflow/domain';
import { PREF_KEYS, session, type KeyValueStorage } from '../../shared/storage.ts';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** A lazy page whose file is gone (usually a deploy replaced the hashed chunks) or unreachable. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page to pick up the new build, at most once per CHUNK_RELOAD_GUARD_MS (SPEC section 8)
 * so a chunk that is really missing cannot loop. Returns whether a reload was started.
 */
let reloading = false;

export function reloadForChunkError(
  options: { storage?: KeyValueStorage; now?: number; reload?: () => void } = {},
): boolean {
  // Several lazy routes may fail together; one reload covers them all.
  if (reloading) return true;
  const storage = options.storage ?? session;
  const now = options.now ?? Date.now();
  const last = Number(storage.getItem(PREF_KEYS.chunkReloadAt) ?? '0');
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(PREF_KEYS.chunkReloadAt, String(now));
  reloading = true;
  (options.reload ?? (() => window.location.reload()))();
  return true;
}

/** Test seam: forget that a reload was started in this page life. */
export function resetChunkReloadState(): void {
  reloading = false;
}
