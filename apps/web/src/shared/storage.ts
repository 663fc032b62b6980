/**
 * Browser storage that never throws: private modes and disabled storage make `localStorage`
 * access fail, and a broken storage must not take the whole app down.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function safe(get: () => Storage): KeyValueStorage {
  const fallback = memoryStorage();
  const target = (): KeyValueStorage => {
    try {
      return get();
    } catch {
      return fallback;
    }
  };
  return {
    getItem(key) {
      try {
        return target().getItem(key);
      } catch {
        return fallback.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        target().setItem(key, value);
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        target().removeItem(key);
      } catch {
        fallback.removeItem(key);
      }
    },
  };
}

export const local: KeyValueStorage = safe(() => window.localStorage);
export const session: KeyValueStorage = safe(() => window.sessionStorage);

/** Keys this app stores outside the auth session (auth keys come from the domain `session.ts`). */
export const PREF_KEYS = {
  language: 'dealflow.language',
  loginKind: 'dealflow.loginKind',
  chunkReloadAt: 'dealflow.chunkReloadAt',
} as const;
