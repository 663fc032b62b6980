import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertAllApplied, type DatabaseOptions, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { emptyPostgresDatabase } from './helpers.ts';

const folder = migrationsFolder();
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};

describe('the migration journal', () => {
  it('numbers its entries in order, with strictly later times, one per SQL file', () => {
    // Drizzle skips a migration whose time is earlier than the last one a database applied: two
    // branches each adding one must be merged with the later number also the later time.
    const entries = journal.entries;
    entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(entries[i - 1]!.when);
    });
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
    expect(files).toEqual(entries.map((e) => e.tag));
  });

  it('passes a database that ran every migration and names the ones it skipped', () => {
    const all = journal.entries.map((e) => ({ at: String(e.when) }));
    expect(() => assertAllApplied(folder, all)).not.toThrow();
    const skipped = journal.entries[3]!;
    expect(() =>
      assertAllApplied(
        folder,
        all.filter((r) => r.at !== String(skipped.when)),
      ),
    ).toThrow(new RegExp(`skipped migration ${skipped.tag}`));
  });
});

/** A database of its own for this test, which it opens twice (PGlite in a folder, or a PostgreSQL database). */
async function ownDatabase(): Promise<{ options: DatabaseOptions; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealflow-journal-'));
    return {
      options: { kind: 'pglite', dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const empty = await emptyPostgresDatabase();
  return { options: { kind: 'postgres', url: empty.url, poolSize: 2 }, drop: empty.drop };
}

describe('start-up on a database that skipped a migration', () => {
  it('refuses to start and names the migration, instead of running without its tables', async () => {
    const own = await ownDatabase();
    try {
      const first = await openDatabase(own.options);
      const skipped = journal.entries[5]!;
      await first.executeSql('delete from drizzle.__drizzle_migrations where created_at = $1', [
        skipped.when,
      ]);
      await first.close();
      await expect(openDatabase(own.options)).rejects.toThrow(new RegExp(`skipped migration ${skipped.tag}`));
    } finally {
      await own.drop();
    }
  });
});
