import { asc, eq, like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/index.ts';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .limit(1);
  return row?.value;
}

/** Stores a default unless the key is set; two first readers at once store it once. */
export async function storeDefault(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoNothing({ target: platformSettings.key });
}

/** Settings whose key starts with a prefix such as `options.`. */
export async function readSettingsWithPrefix(db: DbOrTx, prefix: string) {
  return db
    .select({ key: platformSettings.key, value: platformSettings.value })
    .from(platformSettings)
    .where(like(platformSettings.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .orderBy(asc(platformSettings.key));
}
