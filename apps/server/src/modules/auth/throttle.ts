import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './throttleRepository.ts';

/** One counter an attempt is charged to, and how many attempts it allows in the window. */
export interface Limit {
  key: string;
  limit: number;
}

export type Admission =
  | { admitted: true; rows: Array<{ id: number; key: string }> }
  | { admitted: false; retryAfterSeconds: number };

export interface Throttle {
  /** Charges the attempt to every key, then says whether it may go on (see the module comment). */
  admit(db: DbOrTx, limits: Limit[]): Promise<Admission>;
  /** This admitted attempt does not count after all (it succeeded): its rows go, for all or some keys. */
  forgive(db: DbOrTx, admission: Admission, keys?: string[]): Promise<void>;
  /** The keys start again from zero (for example an account after a successful sign-in). */
  reset(db: DbOrTx, keys: string[]): Promise<void>;
}

/**
 * Attempt throttling counted in the database, so a limit holds across instances and concurrent
 * requests (docs/decisions/0009).
 *
 * `admit` first records the attempt (one `auth_failures` row per key, committed at once), then
 * counts each key's rows in the window; the attempt may go on only if every count, its own row
 * included, is within that key's limit. Of any set of concurrent attempts, the one whose insert
 * commits last counts all of them, so no more than `limit` can pass, whatever the number of
 * requests or instances (a burst may be refused as a whole: safe, never lenient). A refused
 * attempt's rows are deleted at once, so hammering a locked key does not extend the lock; an
 * admitted attempt's rows stay, and are its failure. So check the secret only after `admit`, then:
 *
 * ```ts
 * const codes = createThrottle({ name: 'mail-code', windowMinutes: 15 });
 * const attempt = await codes.admit(db, [
 *   { key: `user:${userId}`, limit: 5 },
 *   { key: `address:${ip}`, limit: 20 },
 * ]);
 * if (!attempt.admitted) throw tooManyAttempts(attempt.retryAfterSeconds);
 * if (!codeMatches) throw new AppError('INCORRECT_VERIFICATION_CODE'); // the rows stay: a failure
 * await codes.reset(db, [`user:${userId}`]);                            // success clears the user…
 * await codes.forgive(db, attempt);                                     // …and is no failure of the address
 * ```
 *
 * Never call `admit` inside a transaction: its insert must be visible to other attempts' counts
 * before its own count runs. Each use gets its own `name` (letters and dashes), which prefixes its
 * keys, so uses never share counters and each prunes only its own rows.
 */
export function createThrottle(options: { name: string; windowMinutes: number }): Throttle {
  if (!/^[a-z][a-z-]*$/.test(options.name)) throw new Error(`Invalid throttle name: ${options.name}`);
  const prefix = `${options.name}:`;
  const windowSeconds = options.windowMinutes * 60;
  const stored = (key: string) => prefix + key;

  return {
    async admit(db, limits) {
      const keys = limits.map((l) => stored(l.key));
      const rows = await repo.insertAttempts(db, keys);
      const counts = await repo.countAttempts(db, keys, windowSeconds);
      let retryAfterSeconds = 0;
      for (const [i, { limit }] of limits.entries()) {
        const c = counts.get(keys[i] ?? '');
        // A missing count means the row was already deleted by a concurrent reset: it passes.
        if (c && c.count > limit) retryAfterSeconds = Math.max(retryAfterSeconds, c.oldestLeavesIn, 1);
      }
      if (Math.random() < 0.02) await repo.pruneAttempts(db, prefix, windowSeconds);
      if (retryAfterSeconds === 0) return { admitted: true, rows };
      await repo.deleteAttempts(
        db,
        rows.map((r) => r.id),
      );
      return { admitted: false, retryAfterSeconds };
    },

    async forgive(db, admission, keys) {
      if (!admission.admitted) return;
      const only = keys && new Set(keys.map(stored));
      await repo.deleteAttempts(
        db,
        admission.rows.filter((r) => !only || only.has(r.key)).map((r) => r.id),
      );
    },

    async reset(db, keys) {
      await repo.deleteKeys(db, keys.map(stored));
    },
  };
}

/** The 429 of a refused attempt, with Retry-After. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError('TOO_MANY_ATTEMPTS', {
    message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { 'retry-after': String(seconds) },
    details: { retry_after_seconds: seconds },
  });
}
