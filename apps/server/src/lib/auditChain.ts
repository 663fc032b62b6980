import { createHash } from 'node:crypto';

/**
 * An append-only, hash-chained audit trail (issue 12, signing with evidence): every event carries
 * the SHA-256 of its own content together with the hash of the event before it, so changing,
 * removing or reordering any stored event — one byte of it — breaks every hash from there on.
 * `verifyChain` recomputes the chain from the stored events alone.
 */

/** The hash before the first event. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainEventBody {
  /** What the trail belongs to (a legal document's id). */
  subject_id: number;
  /** 1, 2, 3… without gaps. */
  seq: number;
  kind: string;
  /** ISO 8601 instant, as stored. */
  at: string;
  actor: { type: string; id: number | null };
  ip: string | null;
  user_agent: string | null;
  data: Record<string, unknown>;
}

export interface ChainEvent extends ChainEventBody {
  prev_hash: string;
  hash: string;
}

/** JSON with object keys sorted at every level: one text for one value, whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function eventHash(prevHash: string, body: ChainEventBody): string {
  const { subject_id, seq, kind, at, actor, ip, user_agent, data } = body;
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(canonicalJson({ subject_id, seq, kind, at, actor, ip, user_agent, data }))
    .digest('hex');
}

/** The next event of a chain whose last event is `last` (null: the first). */
export function chainNext(
  last: Pick<ChainEvent, 'seq' | 'hash'> | null,
  body: Omit<ChainEventBody, 'seq'>,
): ChainEvent {
  const seq = (last?.seq ?? 0) + 1;
  const prev_hash = last?.hash ?? GENESIS_HASH;
  const full = { ...body, seq };
  return { ...full, prev_hash, hash: eventHash(prev_hash, full) };
}

export interface ChainVerdict {
  ok: boolean;
  /** The first event whose link or content does not match, when not ok. */
  broken_at: number | null;
  events: number;
}

/** Recomputes the chain of one subject's events (in `seq` order) from their stored content. */
export function verifyChain(subjectId: number, events: readonly ChainEvent[]): ChainVerdict {
  let prev = GENESIS_HASH;
  for (const [i, event] of events.entries()) {
    const expectedSeq = i + 1;
    if (
      event.subject_id !== subjectId ||
      event.seq !== expectedSeq ||
      event.prev_hash !== prev ||
      eventHash(prev, event) !== event.hash
    )
      return { ok: false, broken_at: expectedSeq, events: events.length };
    prev = event.hash;
  }
  return { ok: true, broken_at: null, events: events.length };
}
