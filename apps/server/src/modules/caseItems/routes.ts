import { ErrorResponse, OkResponse } from '@dealflow/domain';
import { bearerSecurity, requireStaff } from '../../plugins/auth.ts';

/** Pieces every sub-resource route of a case repeats. */
export const caseItemRoute = {
  v1: '/api/internal/v1/cases',
  errors: { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
  notFound: { 404: ErrorResponse },
  ok: OkResponse,
  read: { onRequest: requireStaff('cases.read') },
  write: { onRequest: requireStaff('cases.write') },
  /** ir and sa read these too (client-facing summaries). */
  summary: { onRequest: requireStaff('cases.summary') },
  schema: (tag: string) => ({ tags: [tag], security: bearerSecurity }),
} as const;

export const OK = { data: { ok: true as const } };
