import {
  LIST_DEFAULTS,
  type ClientCalendarQuery,
  type ClientCasesQuery,
  type ClientRoleListQuery,
  type ClientRoleValueBody,
} from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { diff } from '../activity/repository.ts';
import { paging, recordCaseActivity } from '../caseItems/service.ts';
import { actingAsInvestor, readOfClient, readOfClientOrSelf, writeOnClient } from '../clients/access.ts';
import { recordClientActivity } from '../clients/history.ts';
import * as repo from './repository.ts';
import type { CaseFilter, ClientCaseSort } from './repository.ts';

/**
 * A client's part in cases (issue 9, SPEC section 3 "Portfolio value"): roles, the cases they take
 * part in or showed interest in, one such case, the portfolio per currency and the calendar of
 * their cases. Reads check the client access rule (403 for a client out of the actor's stages);
 * the investor reads their own roles, cases, portfolio and calendar through the same calls. The one write, what a holding is worth, is recorded in the client's and the case's history.
 */

export async function listClientRoles(ctx: ServiceContext, clientId: number, q: ClientRoleListQuery) {
  return readOfClientOrSelf(ctx, clientId, () =>
    repo.listClientRoles(
      ctx.db,
      clientId,
      q.role,
      paging(q, { size: LIST_DEFAULTS.clients.size, allByDefault: true }),
    ),
  );
}

/** SPEC section 9: page 1, size 10, sort invest_money:desc unless asked otherwise. */
export async function listClientCases(ctx: ServiceContext, clientId: number, q: ClientCasesQuery) {
  const [field, dir] = (q.sort ?? LIST_DEFAULTS.clients.sort).split(':') as [
    ClientCaseSort['field'],
    ClientCaseSort['dir'],
  ];
  // An investor lists the cases they take part in: a case they only showed interest in may still
  // be de-identified for them, and its name is the case list's to tell (the visibility rule).
  const filter: CaseFilter = actingAsInvestor(ctx)
    ? 'role'
    : q.in_case === undefined
      ? 'any'
      : q.in_case
        ? 'role'
        : 'interest_only';
  return readOfClientOrSelf(ctx, clientId, () =>
    repo.clientCases(
      ctx.db,
      clientId,
      filter,
      { field, dir },
      paging(q, { size: LIST_DEFAULTS.clients.size, allByDefault: false }),
    ),
  );
}

/** One case the client holds a role on or showed interest in; any other case is not theirs: 404. */
export async function getClientCase(ctx: ServiceContext, clientId: number, caseId: number) {
  const found = await readOfClient(ctx, clientId, () => repo.clientCase(ctx.db, clientId, caseId));
  if (!found || (found.roles.length === 0 && !found.interest)) throw new AppError('CASE_NOT_FOUND');
  return found;
}

export async function getPortfolio(ctx: ServiceContext, clientId: number) {
  return readOfClientOrSelf(ctx, clientId, () => repo.portfolio(ctx.db, clientId));
}

export async function getPortfolioByIndustry(ctx: ServiceContext, clientId: number) {
  return readOfClientOrSelf(ctx, clientId, () => repo.portfolioByIndustry(ctx.db, clientId));
}

export async function listClientEvents(ctx: ServiceContext, clientId: number, q: ClientCalendarQuery) {
  return readOfClientOrSelf(ctx, clientId, () =>
    repo.clientEvents(
      ctx.db,
      clientId,
      q.from === undefined ? undefined : new Date(q.from),
      paging(q, { size: LIST_DEFAULTS.clients.size, allByDefault: true }),
    ),
  );
}

/**
 * Sets what one of the client's holdings is worth now and what came back from it. The role row is
 * locked for the update (a case-side role edit waits), and the change goes into both histories.
 */
export async function setRoleValues(
  ctx: ServiceContext,
  clientId: number,
  roleId: number,
  input: ClientRoleValueBody,
) {
  return writeOnClient(ctx, clientId, async (tx) => {
    const before = await repo.findClientRole(tx, clientId, roleId, true);
    if (!before) throw new AppError('ROLE_NOT_FOUND');
    const { role } = before;
    const changes = diff(
      { holdings_value: role.holdings_value, refunded_money: role.refunded_money },
      { holdings_value: input.holdings_value, refunded_money: input.refunded_money },
    );
    if (Object.keys(changes).length === 0) return before;
    await repo.updateRoleValues(tx, roleId, {
      ...(input.holdings_value === undefined ? {} : { holdings_value: input.holdings_value }),
      ...(input.refunded_money === undefined ? {} : { refunded_money: input.refunded_money }),
    });
    const id = { from: roleId, to: roleId };
    await recordClientActivity(tx, ctx, clientId, 'role.update', {
      id,
      case_id: { from: role.case_id, to: role.case_id },
      role: { from: role.role, to: role.role },
      ...changes,
    });
    await recordCaseActivity(tx, ctx, role.case_id, 'role.update', {
      id,
      client_id: { from: clientId, to: clientId },
      ...changes,
    });
    const after = await repo.findClientRole(tx, clientId, roleId);
    if (!after) throw new Error(`role ${roleId} vanished inside its own update`);
    return after;
  });
}
