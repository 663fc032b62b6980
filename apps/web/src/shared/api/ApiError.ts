import { ERROR_CATALOGUE, type ErrorCode, VALIDATION_KINDS, type ValidationKind } from '@dealflow/domain';
import { errorsZhTW } from '../i18n/errors.zh-TW.ts';
import { i18n } from '../i18n/index.ts';

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
 * The spec's technical line for any error (SPEC section 8): `[status] server text` for an API
 * answer, otherwise (no server response) the error's name and message. Shown under 「詳細資訊」.
 */
export function technicalText(error: unknown): string {
  if (error instanceof ApiError) return `[${error.status}] ${error.message}`.trimEnd();
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  return asText(error);
}

/** No answer from the server: fetch rejects with a TypeError (offline, DNS, refused, CORS). */
export function isNetworkError(error: unknown): boolean {
  return (
    !(error instanceof ApiError) &&
    error instanceof Error &&
    (error.name === 'TypeError' || error.name === 'NetworkError')
  );
}

const isKnownCode = (code: string | null): code is ErrorCode =>
  code !== null && Object.hasOwn(ERROR_CATALOGUE, code);
const STATUS_TEXTS = [400, 401, 403, 404, 409, 413, 429, 500] as const;

/**
 * The sentence shown for any error, in the current language: by the stable error code, else by
 * the status, else a generic sentence; a network failure has its own. The server's own text is
 * only under 「詳細資訊」 (`technicalText`).
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (isKnownCode(error.code)) return i18n.t(`errors.codes.${error.code}`);
    const status = error.status >= 500 ? 500 : error.status;
    const known = STATUS_TEXTS.find((s) => s === status);
    return known ? i18n.t(`errors.byStatus.s${known}`) : i18n.t('errors.generic');
  }
  if (isNetworkError(error)) return i18n.t('errors.network');
  return i18n.t('errors.generic');
}

/** One failing field of an error's `details`, as the server sent it (see `ValidationIssue`). */
export interface FieldIssue {
  field: string;
  kind: ValidationKind | null;
  minimum?: number;
  maximum?: number;
  origin?: string;
  format?: string;
  row?: number;
  column?: string;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The failing fields an error lists (validation, a review that cannot apply, bad import cells). */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  const out: FieldIssue[] = [];
  for (const item of error.details) {
    if (!isRecord(item) || typeof item.field !== 'string') continue;
    const kind = (VALIDATION_KINDS as readonly unknown[]).includes(item.kind)
      ? (item.kind as ValidationKind)
      : null;
    const issue: FieldIssue = { field: item.field, kind };
    for (const [key, value] of [
      ['minimum', num(item.minimum)],
      ['maximum', num(item.maximum)],
      ['row', num(item.row)],
    ] as const)
      if (value !== undefined) issue[key] = value;
    for (const [key, value] of [
      ['origin', str(item.origin)],
      ['format', str(item.format)],
      ['column', str(item.column)],
    ] as const)
      if (value !== undefined) issue[key] = value;
    out.push(issue);
  }
  return out;
}

const FORMATS = ['email', 'url', 'date', 'datetime'] as const;
const limitKey = (origin: string | undefined) =>
  origin === 'string' ? 'String' : origin === 'array' || origin === 'set' ? 'Array' : 'Number';

/** What is wrong with one field, without its name (a form shows it under the field's label). */
export function fieldProblem(issue: FieldIssue): string {
  const t = i18n.t;
  if (issue.kind === 'too_small' && issue.minimum !== undefined) {
    if (issue.minimum === 1 && issue.origin === 'string') return t('errors.kinds.required');
    return t(`errors.limits.min${limitKey(issue.origin)}`, { count: issue.minimum });
  }
  if (issue.kind === 'too_big' && issue.maximum !== undefined)
    return t(`errors.limits.max${limitKey(issue.origin)}`, { count: issue.maximum });
  if (issue.kind === 'invalid_format') {
    const format = FORMATS.find((f) => f === issue.format);
    if (format) return t(`errors.formats.${format}`);
  }
  return t(`errors.kinds.${issue.kind ?? 'invalid'}`);
}

type FieldName = keyof typeof errorsZhTW.fields;

/**
 * A field as people read it: the last named part of `body.shareholders.0.name`, by the field map;
 * an import cell by row and column. A field the map lacks reads as 「其中一個欄位」, never as a key.
 */
export function fieldLabel(issue: Pick<FieldIssue, 'field' | 'row' | 'column'>): string {
  if (issue.row !== undefined && issue.column !== undefined)
    return i18n.t('errors.cell', { row: issue.row, column: issue.column });
  const parts = issue.field.split('.').filter((p) => p !== '' && !/^\d+$/.test(p));
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (
      i === 0 &&
      ['body', 'querystring', 'params', 'headers', 'update_content'].includes(part) &&
      parts.length > 1
    )
      break;
    if (Object.hasOwn(errorsZhTW.fields, part)) return i18n.t(`errors.fields.${part as FieldName}`);
  }
  return i18n.t('errors.anyField');
}

/** `電子郵件：請輸入有效的電子郵件` for each failing field, in the current language. */
export function fieldLines(error: unknown, except: readonly string[] = []): string[] {
  const lines = fieldIssues(error)
    .filter((issue) => !except.includes(issue.field.replace(/^body\./, '')))
    .map((issue) => i18n.t('errors.fieldLine', { field: fieldLabel(issue), problem: fieldProblem(issue) }));
  return [...new Set(lines)];
}

/**
 * Field errors of a 400 `VALIDATION_FAILED` answer, keyed by the body field name, translated
 * (the form shows them under its own labels).
 */
export function validationFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of fieldIssues(error)) {
    const name = issue.field.replace(/^body\./, '');
    if (!(name in out)) out[name] = fieldProblem(issue);
  }
  return out;
}

/**
 * Puts the field errors of a 400 answer under the form's own fields (a form of antd or anything
 * with its `setFields`); other errors leave the form as it is, for the caller's error box.
 */
export function showFieldErrors(
  form: { setFields: (fields: Array<{ name: never; errors: string[] }>) => void },
  error: unknown,
): void {
  const fields = Object.entries(validationFieldErrors(error));
  if (fields.length > 0)
    form.setFields(fields.map(([name, text]) => ({ name: name as never, errors: [text] })));
}
