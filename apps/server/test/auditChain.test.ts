import { describe, expect, it } from 'vitest';
import {
  type ChainEvent,
  GENESIS_HASH,
  canonicalJson,
  chainNext,
  verifyChain,
} from '../src/lib/auditChain.ts';

const actor = { type: 'client', id: 7 };
function trail(): ChainEvent[] {
  const events: ChainEvent[] = [];
  const add = (kind: string, data: Record<string, unknown>) =>
    events.push(
      chainNext(events.at(-1) ?? null, {
        subject_id: 42,
        kind,
        at: new Date(Date.UTC(2026, 10, 26, 8, events.length)).toISOString(),
        actor,
        ip: '203.0.113.9',
        user_agent: 'Mozilla/5.0',
        data,
      }),
    );
  add('created', { sha256: 'a'.repeat(64) });
  add('viewed', {});
  add('consented', { name: '林小華' });
  add('signed', { sha256: 'b'.repeat(64) });
  return events;
}

describe('audit chain', () => {
  it('links each event to the one before', () => {
    const events = trail();
    expect(events[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(events[1]?.prev_hash).toBe(events[0]?.hash);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(verifyChain(42, events)).toEqual({ ok: true, broken_at: null, events: 4 });
  });

  it('breaks when one byte of a stored event changes', () => {
    const events = trail();
    const stored = JSON.stringify(events);
    // Every single-character change in the consent's name, the time, the ip or a hash is found.
    const at = stored.indexOf('林小華');
    const changed = `${stored.slice(0, at)}林小樺${stored.slice(at + 3)}`;
    expect(verifyChain(42, JSON.parse(changed) as ChainEvent[])).toMatchObject({ ok: false, broken_at: 3 });
    const ip = stored.indexOf('203.0.113.9');
    const changedIp = `${stored.slice(0, ip)}203.0.113.8${stored.slice(ip + 11)}`;
    expect(verifyChain(42, JSON.parse(changedIp) as ChainEvent[])).toMatchObject({ ok: false, broken_at: 1 });
  });

  it('breaks when an event is removed, reordered or moved to another subject', () => {
    const events = trail();
    expect(verifyChain(42, [events[0]!, events[2]!, events[3]!]).ok).toBe(false);
    expect(verifyChain(42, [events[1]!, events[0]!, events[2]!, events[3]!]).ok).toBe(false);
    expect(verifyChain(43, events).ok).toBe(false);
    // Dropping the tail is not detectable from the chain alone: the document row keeps the count.
    expect(verifyChain(42, events.slice(0, 3)).ok).toBe(true);
  });

  it('hashes the same content the same whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":1,"f":2}]},"b":1}',
    );
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
});
