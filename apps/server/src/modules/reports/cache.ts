/**
 * Report answers as last computed, so a report page's calls do not read the stored snapshots and
 * the trigger-kept totals again until something they count changes (docs/decisions/0044). Every
 * answer is dropped:
 * - in every instance, when a database trigger on the totals or the snapshots notifies
 *   `dealflow_reports` (PostgreSQL LISTEN, migration 0037), and all of them if that listener
 *   reconnects (notifications may have been missed);
 * - at once in this process, when a request that may write succeeds (`dropAfterWrite` in app.ts),
 *   so whoever changed a case or a client sees it in the next report they open, whatever the
 *   notification's delay;
 * - after `ttlMs` in any case, as a bound on staleness should a notification ever be lost.
 * An answer whose computation began before a drop is not stored: a slow read cannot bring back
 * figures older than the change that dropped them.
 */
export class ReportCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 500,
  ) {}

  /**
   * The answer stored under `key`, or `compute`'s, stored when `keep(answer)` (an answer naming
   * days still to be stored is not kept: the job asked to store them changes it soon).
   */
  async get<T>(
    key: string,
    compute: () => Promise<T>,
    keep: (answer: T) => boolean = () => true,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expires > Date.now()) return hit.value as T;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const value = await compute();
    if (this.ttlMs > 0 && generation === this.generation && keep(value)) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    }
    return value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
