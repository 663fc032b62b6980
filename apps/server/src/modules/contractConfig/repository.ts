import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { caseContractConfigs, platformSettings } from '../../db/schema/index.ts';

/** The platform setting that holds the default contract configuration. */
const DEFAULT_KEY = 'config.contact';

export interface StoredConfig {
  value: unknown;
  updated_at: Date;
}

export async function readDefault(db: DbOrTx, lock = false): Promise<StoredConfig | null> {
  const query = db
    .select({ value: platformSettings.value, updated_at: platformSettings.updated_at })
    .from(platformSettings)
    .where(eq(platformSettings.key, DEFAULT_KEY))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

/** Stores the first default; false when another writer stored one first. */
export async function insertDefault(db: DbOrTx, value: unknown, at: Date): Promise<boolean> {
  const rows = await db
    .insert(platformSettings)
    .values({ key: DEFAULT_KEY, value, updated_at: at })
    .onConflictDoNothing({ target: platformSettings.key })
    .returning({ key: platformSettings.key });
  return rows.length > 0;
}

export async function updateDefault(db: DbOrTx, value: unknown, at: Date) {
  await db
    .update(platformSettings)
    .set({ value, updated_at: at })
    .where(eq(platformSettings.key, DEFAULT_KEY));
}

export async function readCaseOverride(
  db: DbOrTx,
  caseId: number,
  lock = false,
): Promise<StoredConfig | null> {
  const query = db
    .select({ value: caseContractConfigs.value, updated_at: caseContractConfigs.updated_at })
    .from(caseContractConfigs)
    .where(eq(caseContractConfigs.case_id, caseId))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function upsertCaseOverride(db: DbOrTx, caseId: number, value: unknown, by: number, at: Date) {
  await db
    .insert(caseContractConfigs)
    .values({ case_id: caseId, value, updated_by: by, updated_at: at })
    .onConflictDoUpdate({
      target: caseContractConfigs.case_id,
      set: { value, updated_by: by, updated_at: at },
    });
}

export async function deleteCaseOverride(db: DbOrTx, caseId: number) {
  await db.delete(caseContractConfigs).where(eq(caseContractConfigs.case_id, caseId));
}
