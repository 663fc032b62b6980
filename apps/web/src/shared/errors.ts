/** A page-level validation failure (a bad `:param`) is a 404 (SPEC section 5). */
export class PageNotFoundError extends Error {
  override readonly name = 'PageNotFoundError';
  readonly status = 404;
  constructor(message = 'This page could not be found') {
    super(message);
  }
}

/** Throws the 404 page unless the route parameter passes the check. */
export function requireParam<T extends string>(value: string | undefined, valid: (v: string) => v is T): T;
export function requireParam(value: string | undefined, valid: (v: string) => boolean): string;
export function requireParam(value: string | undefined, valid: (v: string) => boolean): string {
  if (value === undefined || !valid(value)) throw new PageNotFoundError();
  return value;
}

export const isPositiveId = (v: string): boolean => /^[1-9]\d{0,15}$/.test(v);
