import type { LiveEvent } from '@dealflow/domain';
import type { Principal } from '../auth/principal.ts';
import { mayReceive, parseLiveEvent } from './events.ts';

/** One open stream: where its events go, and how it ends. */
export interface LiveStream {
  principal: Principal;
  send(event: LiveEvent): void;
  /** Notifications may have been missed (the listening connection was lost): refetch. */
  reset(): void;
  /** Ends the stream; `now` also drops the connection (shutdown: the browser may never hang up). */
  close(now?: boolean): void;
  /** Checks the stream's token against its account again; ends the stream if it no longer holds. */
  recheck(): void;
}

/**
 * The streams open on this instance, by account. Every instance hears every notification
 * (LISTEN on one channel) and forwards each to the streams whose principal may see it.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveStream>>();

  constructor(private readonly maxPerAccount: number) {}

  private static keyOf(p: Principal): string {
    return `${p.kind}:${p.id}`;
  }

  /** Adds a stream; false when its account already holds the most it may. */
  add(stream: LiveStream): boolean {
    const key = LiveHub.keyOf(stream.principal);
    const set = this.streams.get(key) ?? new Set<LiveStream>();
    if (set.size >= this.maxPerAccount) return false;
    set.add(stream);
    this.streams.set(key, set);
    return true;
  }

  remove(stream: LiveStream): void {
    const key = LiveHub.keyOf(stream.principal);
    const set = this.streams.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(key);
  }

  /** A notified payload, fanned out to the streams allowed to see it. */
  publish(payload: string | undefined): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    for (const set of this.streams.values()) {
      for (const stream of set) if (mayReceive(stream.principal, event)) stream.send(event);
    }
  }

  /**
   * An account changed (the accounts trigger's `<table>:<id>`, migration 0006): its streams check
   * their token again, so a deactivated account or a changed password ends them at once.
   */
  accountNotified(payload: string | undefined): void {
    const [table, id] = (payload ?? '').split(':');
    const kind = table === 'employees' ? 'employee' : table === 'clients' ? 'client' : null;
    if (!kind) return;
    for (const stream of this.streams.get(`${kind}:${Number(id)}`) ?? []) stream.recheck();
  }

  /** A token was signed out (`<jti> <expiry>`, migration 0009): the streams it opened end. */
  revokedNotified(payload: string | undefined): void {
    const jti = (payload ?? '').split(' ')[0];
    if (!jti) return;
    for (const set of this.streams.values()) {
      for (const stream of [...set]) if (stream.principal.jti === jti) stream.close();
    }
  }

  reset(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.reset();
  }

  /** Streams open now (all, or one account's). */
  size(principal?: Principal): number {
    if (principal) return this.streams.get(LiveHub.keyOf(principal))?.size ?? 0;
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close(true);
    this.streams.clear();
  }
}
