import { LiveEvent } from './contracts/services.ts';
import { describe, expect, it } from 'vitest';
import { compareThreads, inboxTypeOf, isReplied, messagePreview, readLiveEvent } from './serviceMessages.ts';

describe('unreplied / replied (SPEC section 4)', () => {
  it('is replied only when the last message is from an employee', () => {
    expect(isReplied('employee')).toBe(true);
    expect(isReplied('client')).toBe(false);
    expect(inboxTypeOf('client')).toBe('unreplied');
    expect(inboxTypeOf('employee')).toBe('replied');
  });

  it('counts a thread with no message as unreplied (its last message is not an employee’s)', () => {
    expect(isReplied(null)).toBe(false);
    expect(isReplied(undefined)).toBe(false);
  });
});

describe('thread ordering', () => {
  it('puts the newest last message first, the newer thread first on a tie', () => {
    const threads = [
      { id: 1, last_message_at: '2026-01-01T10:00:00.000Z' },
      { id: 2, last_message_at: '2026-01-03T10:00:00.000Z' },
      { id: 3, last_message_at: '2026-01-02T10:00:00.000Z' },
      { id: 4, last_message_at: '2026-01-03T10:00:00.000Z' },
    ];
    expect([...threads].sort(compareThreads).map((t) => t.id)).toEqual([4, 2, 3, 1]);
  });

  it('orders by the last message, not by when the thread began', () => {
    const old = { id: 1, last_message_at: new Date('2026-02-01T00:00:00Z') };
    const recent = { id: 9, last_message_at: new Date('2026-01-01T00:00:00Z') };
    expect([recent, old].sort(compareThreads)[0]).toBe(old);
  });
});

describe('messagePreview', () => {
  it('folds whitespace and cuts long text with an ellipsis on a code point', () => {
    expect(messagePreview('  你好\n\n請問  ')).toBe('你好 請問');
    const long = '😀'.repeat(200);
    const preview = messagePreview(long, 10);
    expect(Array.from(preview)).toHaveLength(10);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview).not.toMatch(/\uFFFD/);
  });
});

describe('readLiveEvent', () => {
  const samples: unknown[] = [
    { type: 'service.message', thread_id: 1, client_id: 2, message_id: 3, from: 'client' },
    { type: 'service.message', thread_id: 1, client_id: 2, message_id: 3, from: 'employee', extra: 'x' },
    { type: 'service.message', thread_id: 1, client_id: 2, message_id: 3, from: 'robot' },
    { type: 'service.message', thread_id: 1, client_id: 2, from: 'client' },
    { type: 'service.message', thread_id: 1.5, client_id: 2, message_id: 3, from: 'client' },
    { type: 'service.read', thread_id: 1, client_id: 2 },
    { type: 'service.read', thread_id: '1', client_id: 2 },
    { type: 'service.read', thread_id: 1 },
    { type: 'service.read', thread_id: 1, client_id: null, case_id: 4 },
    { type: 'service.read', thread_id: 1, client_id: null, case_id: '4' },
    { type: 'service.message', thread_id: 1, client_id: null, case_id: 4, message_id: 3, from: 'client' },
    { type: 'service.message', thread_id: 1, client_id: null, case_id: 4.5, message_id: 3, from: 'client' },
    { type: 'other', thread_id: 1, client_id: 2 },
    null,
    'service.read',
    [],
    42,
  ];

  it('gives the answers of the LiveEvent schema, keeping only its fields', () => {
    for (const sample of samples) {
      const parsed = LiveEvent.safeParse(sample);
      expect(readLiveEvent(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
