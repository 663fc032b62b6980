import {
  FUND_ROLE_LISTS,
  LIST_DEFAULTS,
  applyFundRoleEdit,
  normalizeFundInfo,
  removeFromFundRole,
  type ClientCaseListQuery,
  type FundInfo,
  type FundRole,
  type PageQuery,
  type PanelBody,
  type RoleCreateBody,
  type RoleListQuery,
  type RoleUpdateBody,
} from '@dealflow/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { Changes } from '../activity/repository.ts';
import { findLiveClient } from '../items/repository.ts';
import {
  invalidField,
  paging,
  readOfCase,
  recordCaseActivity,
  writeOnCase,
  type StaffActor,
} from '../caseItems/service.ts';
import { type CaseRow, updateCase } from '../cases/repository.ts';
import { readOfClient } from '../clients/access.ts';
import * as repo from './repository.ts';
import type { ClientCaseSortField, RoleRow, RoleView } from './repository.ts';

/**
 * Roles of clients on a case, kept in two places that must agree: `cases.fund_info` (the shape
 * the spec's fund roles tab edits) and one `case_roles` row per role held (what the role and
 * panel APIs list, and where `invest_money` lives). Every write computes the next fund_info with
 * the SPEC section 4 rule from packages/domain, then brings the rows in line with it, in the
 * transaction that holds the case row lock. Panel entries are the rows whose role is panel.
 */

type Membership = { clientId: number; role: FundRole };

function membershipsOf(info: FundInfo): Membership[] {
  const list: Membership[] =
    info.lead_angel === null ? [] : [{ clientId: info.lead_angel, role: 'lead_angel' }];
  for (const role of FUND_ROLE_LISTS) for (const clientId of info[role]) list.push({ clientId, role });
  return list;
}

function rolesHeld(info: FundInfo, clientId: number): FundRole[] {
  return membershipsOf(info)
    .filter((m) => m.clientId === clientId)
    .map((m) => m.role);
}

const sameInfo = (a: FundInfo, b: FundInfo) => JSON.stringify(a) === JSON.stringify(b);

/** JSON with object keys sorted: jsonb does not keep key order, so stored and built values compare by content. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether the stored fund_info is already exactly `next` (well formed, same content). */
const storedAs = (kase: CaseRow, next: FundInfo) => stableJson(kase.fund_info) === stableJson(next);

/**
 * The case's fund_info as the rule expects it: well formed, and without ids of clients that no
 * longer exist (their rows went with them), so the rows written from it can reference them.
 */
async function currentFundInfo(tx: Tx, kase: CaseRow): Promise<FundInfo> {
  const info = normalizeFundInfo(kase.fund_info);
  const ids = [...new Set(membershipsOf(info).map((m) => m.clientId))];
  const existing = await repo.existingClientIds(tx, ids);
  let pruned = info;
  for (const m of membershipsOf(info)) {
    if (!existing.has(m.clientId)) pruned = removeFromFundRole(pruned, m);
  }
  return pruned;
}

/**
 * Makes the role rows of a case exactly the memberships of `next` and stores `next` as its
 * fund_info. A client who changes role keeps their row (id and invest_money): it is updated in
 * place rather than deleted and created again. Writes run in an order that never holds two
 * leads at once (deletes, updates away from the lead, other updates, inserts).
 */
async function syncRoles(tx: Tx, kase: CaseRow, next: FundInfo, actor: StaffActor) {
  const rows = await repo.roleRowsOfCase(tx, kase.id);
  const key = (clientId: number, role: string) => `${clientId}:${role}`;
  const wanted = membershipsOf(next);
  const wantedKeys = new Set(wanted.map((m) => key(m.clientId, m.role)));
  const heldKeys = new Set(rows.map((r) => key(r.client_id, r.role)));

  const leaving = new Map<number, RoleRow[]>();
  for (const row of rows) {
    if (wantedKeys.has(key(row.client_id, row.role))) continue;
    leaving.set(row.client_id, [...(leaving.get(row.client_id) ?? []), row]);
  }
  const deletes: number[] = [];
  const updates: Array<{ row: RoleRow; role: FundRole }> = [];
  const inserts: Membership[] = [];
  for (const m of wanted) {
    if (heldKeys.has(key(m.clientId, m.role))) continue;
    const reusable = leaving.get(m.clientId)?.shift();
    if (reusable) updates.push({ row: reusable, role: m.role });
    else inserts.push(m);
  }
  for (const rest of leaving.values()) deletes.push(...rest.map((r) => r.id));

  await repo.deleteRoles(tx, deletes);
  const awayFromLead = updates.filter((u) => u.row.role === 'lead_angel');
  const others = updates.filter((u) => u.row.role !== 'lead_angel');
  for (const u of [...awayFromLead, ...others]) await repo.updateRole(tx, u.row.id, { role: u.role });
  await repo.insertRoles(
    tx,
    inserts.map((m) => ({ case_id: kase.id, client_id: m.clientId, role: m.role, created_by: actor.id })),
  );
  if (!storedAs(kase, next)) {
    await updateCase(tx, kase.id, { fund_info: next as unknown as Record<string, unknown> });
  }
}

async function liveClient(tx: Tx, clientId: number) {
  const client = await findLiveClient(tx, clientId);
  if (!client) throw new AppError('CLIENT_NOT_FOUND');
  return client;
}

async function roleFound(tx: Tx, caseId: number, id: number): Promise<RoleView> {
  const view = await repo.findRole(tx, caseId, id);
  if (!view) throw new AppError('ROLE_NOT_FOUND');
  return view;
}

async function roleOf(tx: Tx, caseId: number, clientId: number, role: FundRole): Promise<RoleView> {
  const view = await repo.findRoleOf(tx, caseId, clientId, role);
  // syncRoles has just written this row; its absence is a bug, not a client error.
  if (!view) throw new Error(`role ${role} of client ${clientId} on case ${caseId} was not written`);
  return view;
}

function fundInfoChange(kase: CaseRow, next: FundInfo): Changes {
  return storedAs(kase, next) ? {} : { fund_info: { from: kase.fund_info, to: next } };
}

// ── Roles ───────────────────────────────────────────────────────────────────────────────────

export async function listRoles(ctx: ServiceContext, caseId: number, q: RoleListQuery) {
  // SPEC section 7: `all=1` for the full list; paged otherwise.
  return readOfCase(ctx, caseId, () =>
    repo.listRoles(
      ctx.db,
      caseId,
      q.role,
      paging(q, { size: LIST_DEFAULTS.cases.size, allByDefault: false }),
    ),
  );
}

/**
 * Gives a client a role on the case by the fund role edit rule: `from` is the role they are
 * edited from, if any (making them lead from panel takes them off the panel; the previous lead
 * goes to the panel). A call that would change nothing is a conflict.
 */
export async function createRole(ctx: ServiceContext, caseId: number, input: RoleCreateBody) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    await liveClient(tx, input.client_id);
    const info = await currentFundInfo(tx, kase);
    const from = input.from ?? null;
    if (from !== null && !rolesHeld(info, input.client_id).includes(from)) {
      throw invalidField('body.from', 'The client does not hold this role on the case', 'unknown_reference');
    }
    const next = applyFundRoleEdit(info, { clientId: input.client_id, from, to: input.role });
    if (sameInfo(info, next)) {
      throw new AppError('CONFLICT', { message: 'The client already holds this role on the case' });
    }
    await syncRoles(tx, kase, next, actor);
    let view = await roleOf(tx, caseId, input.client_id, input.role);
    if (input.invest_money !== undefined && input.invest_money !== view.role.invest_money) {
      await repo.updateRole(tx, view.role.id, { invest_money: input.invest_money });
      view = await roleOf(tx, caseId, input.client_id, input.role);
    }
    await recordCaseActivity(tx, ctx, caseId, 'role.create', {
      id: { from: null, to: view.role.id },
      client_id: { from: null, to: input.client_id },
      role: { from, to: input.role },
      ...(view.role.invest_money === null
        ? {}
        : { invest_money: { from: null, to: view.role.invest_money } }),
      ...fundInfoChange(kase, next),
    });
    return view;
  });
}

/**
 * Changes the role a row holds: the client moves from this role to the new one by the fund role
 * edit rule, and leaves this role (the row now stands for the new one). When the client already
 * held the new role, that row is the answer and this one goes. `from`, when sent, must be the
 * row's role: a screen showing an older state is refused with 409.
 */
export async function updateRole(ctx: ServiceContext, caseId: number, id: number, input: RoleUpdateBody) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    const before = await roleFound(tx, caseId, id);
    const { client_id: clientId, role: current } = before.role;
    if (input.from !== undefined && input.from !== current) {
      throw new AppError('CONFLICT', { message: 'The role changed since it was loaded' });
    }
    const to = input.role ?? current;
    const info = await currentFundInfo(tx, kase);
    let next = info;
    if (to !== current) {
      next = applyFundRoleEdit(info, { clientId, from: current, to });
      next = removeFromFundRole(next, { clientId, role: current });
      await syncRoles(tx, kase, next, actor);
    }
    let view = await roleOf(tx, caseId, clientId, to);
    const moneyChanges: Changes = {};
    if (input.invest_money !== undefined && input.invest_money !== view.role.invest_money) {
      moneyChanges.invest_money = { from: view.role.invest_money, to: input.invest_money };
      await repo.updateRole(tx, view.role.id, { invest_money: input.invest_money });
      view = await roleOf(tx, caseId, clientId, to);
    }
    const changes: Changes = {
      ...(to === current ? {} : { role: { from: current, to } }),
      ...moneyChanges,
      ...fundInfoChange(kase, next),
    };
    if (Object.keys(changes).length === 0) return before;
    await recordCaseActivity(tx, ctx, caseId, 'role.update', {
      id: { from: id, to: view.role.id },
      client_id: { from: clientId, to: clientId },
      ...changes,
    });
    return view;
  });
}

/** Takes the client out of this role (removing the lead leaves the case without one). */
export async function deleteRole(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    const before = await roleFound(tx, caseId, id);
    const { client_id: clientId, role } = before.role;
    const next = removeFromFundRole(await currentFundInfo(tx, kase), { clientId, role });
    await syncRoles(tx, kase, next, actor);
    await recordCaseActivity(tx, ctx, caseId, 'role.delete', {
      id: { from: id, to: null },
      client_id: { from: clientId, to: null },
      role: { from: role, to: null },
      ...(before.role.invest_money === null
        ? {}
        : { invest_money: { from: before.role.invest_money, to: null } }),
      ...fundInfoChange(kase, next),
    });
  });
}

// ── Panel entries: the panel role of a client, under the same ids ───────────────────────────

async function panelFound(tx: Tx, caseId: number, id: number): Promise<RoleView> {
  const view = await repo.findRole(tx, caseId, id);
  if (view?.role.role !== 'panel') throw new AppError('PANEL_NOT_FOUND');
  return view;
}

export async function listPanel(ctx: ServiceContext, caseId: number, q: z.infer<typeof PageQuery>) {
  return readOfCase(ctx, caseId, () =>
    repo.listRoles(
      ctx.db,
      caseId,
      'panel',
      paging(q, { size: LIST_DEFAULTS.cases.size, allByDefault: true }),
    ),
  );
}

export async function addToPanel(ctx: ServiceContext, caseId: number, input: PanelBody) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    await liveClient(tx, input.client_id);
    const info = await currentFundInfo(tx, kase);
    if (info.panel.includes(input.client_id)) {
      throw new AppError('CONFLICT', { message: 'The client is already on the panel' });
    }
    const next = applyFundRoleEdit(info, { clientId: input.client_id, from: null, to: 'panel' });
    await syncRoles(tx, kase, next, actor);
    const view = await roleOf(tx, caseId, input.client_id, 'panel');
    await recordCaseActivity(tx, ctx, caseId, 'panel.create', {
      id: { from: null, to: view.role.id },
      client_id: { from: null, to: input.client_id },
      ...fundInfoChange(kase, next),
    });
    return view;
  });
}

/** Puts another client in this panel seat; what the previous one invested does not follow. */
export async function replaceOnPanel(ctx: ServiceContext, caseId: number, id: number, input: PanelBody) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    const before = await panelFound(tx, caseId, id);
    const previous = before.role.client_id;
    if (input.client_id === previous) return before;
    await liveClient(tx, input.client_id);
    const info = await currentFundInfo(tx, kase);
    if (
      info.panel.includes(input.client_id) ||
      (await repo.findRoleOf(tx, caseId, input.client_id, 'panel'))
    ) {
      throw new AppError('CONFLICT', { message: 'The client is already on the panel' });
    }
    const next = applyFundRoleEdit(removeFromFundRole(info, { clientId: previous, role: 'panel' }), {
      clientId: input.client_id,
      from: null,
      to: 'panel',
    });
    // The seat keeps its id: re-point the row first, then syncing finds nothing else to do.
    await repo.updateRole(tx, id, { client_id: input.client_id, invest_money: null, created_by: actor.id });
    await syncRoles(tx, kase, next, actor);
    await recordCaseActivity(tx, ctx, caseId, 'panel.update', {
      id: { from: id, to: id },
      client_id: { from: previous, to: input.client_id },
      ...fundInfoChange(kase, next),
    });
    return roleOf(tx, caseId, input.client_id, 'panel');
  });
}

export async function removeFromPanel(ctx: ServiceContext, caseId: number, id: number) {
  return writeOnCase(ctx, caseId, async (tx, kase, actor) => {
    const before = await panelFound(tx, caseId, id);
    const clientId = before.role.client_id;
    const next = removeFromFundRole(await currentFundInfo(tx, kase), { clientId, role: 'panel' });
    await syncRoles(tx, kase, next, actor);
    await recordCaseActivity(tx, ctx, caseId, 'panel.delete', {
      id: { from: id, to: null },
      client_id: { from: clientId, to: null },
      ...fundInfoChange(kase, next),
    });
  });
}

// ── Clients of a case, cases of a client ───────────────────────────────────────────────────

export async function listCaseClients(ctx: ServiceContext, caseId: number, q: z.infer<typeof PageQuery>) {
  return readOfCase(ctx, caseId, () =>
    repo.clientsOfCase(ctx.db, caseId, paging(q, { size: LIST_DEFAULTS.cases.size, allByDefault: true })),
  );
}

/**
 * SPEC section 9: page 1, size 10, sort invest_money:desc unless asked otherwise. The client
 * access rule decides like on every client route (readOfClient: its stage for sa and ir).
 */
export async function listClientCases(ctx: ServiceContext, clientId: number, q: ClientCaseListQuery) {
  const [field, dir] = (q.sort ?? LIST_DEFAULTS.clients.sort).split(':') as [
    ClientCaseSortField,
    'asc' | 'desc',
  ];
  return readOfClient(ctx, clientId, () =>
    repo.casesOfClient(
      ctx.db,
      clientId,
      { field, dir },
      paging(q, { size: LIST_DEFAULTS.clients.size, allByDefault: false }),
    ),
  );
}
