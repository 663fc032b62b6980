import { ErrorResponse, OkResponse } from '@dealflow/domain';
import { bearerSecurity, requireStaff } from '../../plugins/auth.ts';
import type { ItemRouteParent } from '../items/routes.ts';

export { OK } from '../items/routes.ts';

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

/** Items of a case live at `/api/internal/v1/cases/:id/<items>`; case work is for ao and admin. */
export const caseRouteParent: ItemRouteParent = {
  base: caseItemRoute.v1,
  param: 'id',
  name: 'Case',
  policies: { read: 'cases.read', write: 'cases.write' },
};
