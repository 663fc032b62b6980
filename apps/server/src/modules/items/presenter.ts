/** `{ id, name }` of a referenced person, or null when there is none. */
export function presentPerson(id: number | null, name: string | null): { id: number; name: string } | null {
  return id === null ? null : { id, name: name ?? '' };
}

export function iso(value: Date): string {
  return value.toISOString();
}

export function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}
