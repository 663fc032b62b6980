/** Days, else hours, else "under an hour": the scale a pipeline is read at. */
export function durationParts(ms: number): { unit: 'days' | 'hours' | 'lessThanHour'; count: number } {
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 24) return { unit: 'days', count: Math.floor(hours / 24) };
  if (hours >= 1) return { unit: 'hours', count: hours };
  return { unit: 'lessThanHour', count: 0 };
}
