/**
 * An HTTP error answer from the API. `message` is the server's text chosen as SPEC section 8
 * says: the body's `error.message`, or the body itself when it is a string, or the status text;
 * objects are shown as JSON.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The catalogue code (`INVALID_CREDENTIALS`…) when the body carries one. */
  readonly code: string | null;
  readonly details: unknown;
  readonly body: unknown;

  constructor(init: { status: number; statusText?: string; body: unknown }) {
    super(serverText(init.body, init.statusText ?? ''));
    this.status = init.status;
    this.body = init.body;
    const error = errorField(init.body);
    this.code = typeof error?.code === 'string' ? error.code : null;
    this.details = error?.details;
  }
}

function errorField(body: unknown): Record<string, unknown> | null {
  if (!isRecord(body)) return null;
  const error = body.error;
  return isRecord(error) ? error : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function serverText(body: unknown, statusText: string): string {
  const fromError = errorField(body)?.message;
  if (fromError !== undefined && fromError !== null && fromError !== '') return asText(fromError);
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (statusText) return statusText;
  if (body !== undefined && body !== null && body !== '') return asText(body);
  return '';
}

/**
 * The text shown for any error (SPEC section 8): `[status] server text` for an API answer,
 * otherwise (no server response) the error's name and message.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return `[${error.status}] ${error.message}`.trimEnd();
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  return asText(error);
}

/** Field errors of a 400 `VALIDATION_FAILED` answer, keyed by the body field name. */
export function validationFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const item of error.details) {
    if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    const name = item.field.replace(/^body\./, '');
    if (!(name in out)) out[name] = item.message;
  }
  return out;
}
