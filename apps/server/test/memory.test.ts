import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../src/lib/memory.ts';

describe('collectGarbage', () => {
  it('frees what nothing holds any more, at once', () => {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let garbage: string[][] | null = Array.from({ length: 200 }, (_, i) =>
      Array.from({ length: 1000 }, (_, j) => `row ${i} cell ${j}`),
    );
    const held = process.memoryUsage().heapUsed;
    expect(held - before).toBeGreaterThan(5 * 1024 * 1024);
    expect(garbage.length).toBe(200);
    garbage = null;
    collectGarbage();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before + (held - before) / 2);
  });
});
