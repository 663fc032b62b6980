import {
  OptionItem,
  STATIC_KEY_TYPES,
  StaticKeyItem,
  type OptionGroup,
  type StaticKeyType,
} from '@dealflow/domain';
import { z } from 'zod';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { DEFAULT_OPTIONS, DEFAULT_STATIC_KEYS } from './defaults.ts';
import * as repo from './repository.ts';

const StaticKeyList = z.array(StaticKeyItem);
const OptionList = z.array(OptionItem);

/**
 * A stored list, or its default stored on first read (SPEC section 6: the static keys are
 * initialised on the server when someone signed in asks for them). A stored value that no longer
 * has the list's shape is reported in the log and the default is served instead of a 500.
 */
async function storedList<T>(
  ctx: ServiceContext,
  key: string,
  schema: z.ZodType<T[]>,
  fallback: T[],
): Promise<T[]> {
  let value = await repo.readSetting(ctx.db, key);
  if (value === undefined) {
    await repo.storeDefault(ctx.db, key, fallback);
    value = await repo.readSetting(ctx.db, key);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.log.warn(
    { key, issues: parsed.error.issues },
    'platform setting has the wrong shape; serving the default',
  );
  return fallback;
}

export function isStaticKeyType(value: string): value is StaticKeyType {
  return (STATIC_KEY_TYPES as readonly string[]).includes(value);
}

export async function staticKeys(ctx: ServiceContext, type: string) {
  if (!isStaticKeyType(type)) throw new AppError('STATIC_KEY_TYPE');
  return storedList(ctx, `static_keys.${type}`, StaticKeyList, DEFAULT_STATIC_KEYS[type]);
}

const OPTIONS_PREFIX = 'options.';

/** One option type (none when it is unknown), or every known type when none is named. */
export async function options(ctx: ServiceContext, type: string | undefined): Promise<OptionGroup[]> {
  if (type !== undefined) {
    const fallback = DEFAULT_OPTIONS[type];
    if (fallback)
      return [
        {
          option_type: type,
          option: await storedList(ctx, `${OPTIONS_PREFIX}${type}`, OptionList, fallback),
        },
      ];
    const stored = OptionList.safeParse(await repo.readSetting(ctx.db, `${OPTIONS_PREFIX}${type}`));
    return stored.success ? [{ option_type: type, option: stored.data }] : [];
  }
  const groups = new Map<string, OptionItem[]>(Object.entries(DEFAULT_OPTIONS));
  for (const row of await repo.readSettingsWithPrefix(ctx.db, OPTIONS_PREFIX)) {
    const parsed = OptionList.safeParse(row.value);
    if (parsed.success) groups.set(row.key.slice(OPTIONS_PREFIX.length), parsed.data);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([option_type, option]) => ({ option_type, option }));
}
