/**
 * The revoked token ids (`jti`) of tokens that have not expired, kept in each instance so
 * authentication refuses a signed-out session without reading a table (docs/decisions/0007, 0009).
 * Filled:
 * - at start, from `revoked_tokens` (`load`);
 * - at once in this process, by the service that revokes a token (`add`);
 * - in every other instance, when the trigger on `revoked_tokens` notifies
 *   `dealflow_revoked_tokens` (`addNotified`), and from the table again whenever that listener
 *   reconnects, as notifications may have been missed meanwhile.
 * An entry is dropped once its token has expired: the signature check refuses the token then.
 */
export class RevokedTokens {
  /** jti → expiry of its token (epoch ms). */
  private readonly entries = new Map<string, number>();
  private nextSweep = 0;

  has(jti: string): boolean {
    return this.entries.has(jti);
  }

  get size(): number {
    return this.entries.size;
  }

  add(jti: string, expiresAt: Date | number): void {
    const expires = typeof expiresAt === 'number' ? expiresAt : expiresAt.getTime();
    const now = Date.now();
    if (expires > now) this.entries.set(jti, expires);
    if (now >= this.nextSweep) this.sweep(now);
  }

  /** A notification payload of the trigger: `<jti> <expiry in epoch seconds>`. */
  addNotified(payload: string | undefined): void {
    const text = payload ?? '';
    const space = text.lastIndexOf(' ');
    const seconds = Number(text.slice(space + 1));
    if (space <= 0 || !Number.isFinite(seconds)) return;
    this.add(text.slice(0, space), seconds * 1000);
  }

  /** Adds every row read (rows already present stay: a revocation is never undone). */
  load(rows: Array<{ jti: string; expires_at: Date }>): void {
    for (const row of rows) this.add(row.jti, row.expires_at);
  }

  private sweep(now: number): void {
    this.nextSweep = now + 60_000;
    for (const [jti, expires] of this.entries) if (expires <= now) this.entries.delete(jti);
  }
}
