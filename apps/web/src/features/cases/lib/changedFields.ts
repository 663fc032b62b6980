/** Blank, null and missing are the same "no value" when comparing a form with what is stored. */
function normalize(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  return value;
}

/** The keys of `next` whose value differs from `stored`: only those are sent, so history stays exact. */
export function changedFields<T extends Record<string, unknown>>(
  stored: Record<string, unknown>,
  next: T,
): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if (JSON.stringify(normalize(stored[key])) !== JSON.stringify(normalize(next[key]))) out[key] = next[key];
  }
  return out;
}
