import type { ClientRow, EmployeeRow } from './principal.ts';

export interface AccountRows {
  employee: EmployeeRow;
  client: ClientRow;
}
export type AccountKind = keyof AccountRows;

/**
 * Staff and investor accounts as last read, so an authenticated request does not read its
 * account row again on every call (docs/decisions/0007). Entries are dropped:
 * - at once in this process, by the service that changes an account (`forget`);
 * - in every other instance, when the database trigger on employees and clients notifies
 *   `dealflow_accounts` (PostgreSQL LISTEN), and all of them if that listener reconnects;
 * - after `ttlMs` in any case, as a bound on staleness should a notification ever be lost.
 * A read that started before a `forget` is not stored, so a slow read cannot bring an old row back.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { row: AccountRows[AccountKind]; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The generation to hand back to `set`: a `forget` in between makes that `set` a no-op. */
  begin(): number {
    return this.generation;
  }

  get<K extends AccountKind>(kind: K, id: number): AccountRows[K] | undefined {
    const key = `${kind}:${id}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.row as AccountRows[K];
  }

  set<K extends AccountKind>(kind: K, row: AccountRows[K], generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(`${kind}:${row.id}`, { row, expires: Date.now() + this.ttlMs });
  }

  forget(kind: AccountKind, id: number): void {
    this.generation++;
    this.entries.delete(`${kind}:${id}`);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** A notification payload of the accounts trigger: `employees:12` or `clients:7`. */
  forgetNotified(payload: string | undefined): void {
    const [table, id] = (payload ?? '').split(':');
    const n = Number(id);
    if (!Number.isInteger(n)) this.clear();
    else if (table === 'employees') this.forget('employee', n);
    else if (table === 'clients') this.forget('client', n);
    else this.clear();
  }
}
