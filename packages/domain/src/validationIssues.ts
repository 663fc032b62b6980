/**
 * One failing field of a 400 `VALIDATION_FAILED` (and of the other errors that list fields): the
 * field as the server names it (`body.email`, `querystring.size`), the English message, and a
 * stable machine-readable `kind` with its limits, so the web shows a translated sentence.
 */
export const VALIDATION_KINDS = [
  /** Missing. */
  'required',
  /** Wrong type (a string where a number is wanted…). */
  'invalid_type',
  /** Shorter / smaller / fewer than `minimum` (of `origin`: string, number, array…). */
  'too_small',
  /** Longer / larger / more than `maximum`. */
  'too_big',
  /** Not the `format` wanted (email, url, date, regex…). */
  'invalid_format',
  /** Not one of the allowed values. */
  'invalid_value',
  /** Keys the contract does not know. */
  'unrecognized_keys',
  /** Text the database cannot store (NUL, a lone surrogate). */
  'invalid_characters',
  /** A body nested deeper than the server takes. */
  'too_deep',
  /** An id that names no row that may be chosen here (an inactive employee, a missing client). */
  'unknown_reference',
  /** A field this request may not set. */
  'not_allowed',
  /** Any other rule; the English message says which. */
  'invalid',
] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export interface ValidationIssue {
  field: string;
  message: string;
  kind: ValidationKind;
  minimum?: number;
  maximum?: number;
  /** What `minimum`/`maximum` count: `string` (characters), `number`, `array` (items)… */
  origin?: string;
  /** For `invalid_format`: email, url, date, datetime, regex… */
  format?: string;
}

export function validationIssue(
  field: string,
  kind: ValidationKind,
  message: string,
  extra: Pick<ValidationIssue, 'minimum' | 'maximum' | 'origin' | 'format'> = {},
): ValidationIssue {
  return { field, message, kind, ...extra };
}

const finite = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : undefined;

/**
 * The kind of a zod 4 issue (`code` plus its params, as fastify-type-provider-zod passes them on).
 * A missing value is `invalid_type` to zod; its default message says "received undefined".
 */
export function kindOfZodIssue(
  code: string,
  params: Record<string, unknown>,
  message: string,
): Pick<ValidationIssue, 'kind' | 'minimum' | 'maximum' | 'origin' | 'format'> {
  const origin = typeof params.origin === 'string' ? params.origin : undefined;
  switch (code) {
    case 'invalid_type':
      return { kind: /received undefined$/.test(message) ? 'required' : 'invalid_type' };
    case 'too_small': {
      const minimum = finite(params.minimum);
      return {
        kind: 'too_small',
        ...(minimum === undefined ? {} : { minimum }),
        ...(origin ? { origin } : {}),
      };
    }
    case 'too_big': {
      const maximum = finite(params.maximum);
      return {
        kind: 'too_big',
        ...(maximum === undefined ? {} : { maximum }),
        ...(origin ? { origin } : {}),
      };
    }
    case 'invalid_format':
      return {
        kind: 'invalid_format',
        ...(typeof params.format === 'string' ? { format: params.format } : {}),
      };
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return { kind: 'invalid_value' };
    case 'unrecognized_keys':
      return { kind: 'unrecognized_keys' };
    default:
      return { kind: 'invalid' };
  }
}
