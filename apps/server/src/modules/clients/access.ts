import { canDeleteClient, canSeeClient, clientStagesVisibleTo, type ContactStage } from '@dealflow/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { preparedShapes } from '../../db/prepared.ts';
import { clients } from '../../db/schema/index.ts';
import { type ServiceContext, type StaffActor, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The one check every client route makes (issue 9, SPEC section 6): the client exists, is not
 * deleted (unless asked), and the acting staff member works clients in its contact stage. A
 * client out of someone's stages answers 403 CLIENT_STAGE_NOT_ALLOWED with its stage, so the
 * page guard can say why it sends them away (decision 0017); lists still leave it out.
 */
export type ClientAccessRow = Pick<
  typeof clients.$inferSelect,
  'id' | 'name' | 'email' | 'process_status' | 'employee_id' | 'is_deleted' | 'currency'
>;

const accessColumns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  process_status: clients.process_status,
  employee_id: clients.employee_id,
  is_deleted: clients.is_deleted,
  currency: clients.currency,
};

/** The access row, as a prepared statement: read, or locked for a write (shape `lock`). */
const accessRowQuery = preparedShapes('client.access', (db, shape) => {
  const q = db
    .select(accessColumns)
    .from(clients)
    .where(eq(clients.id, sql.placeholder('id')));
  return shape === 'lock' ? q.for('update').limit(1) : q.limit(1);
});

async function findAccessRow(db: DbOrTx, id: number, lock: boolean): Promise<ClientAccessRow | null> {
  const [row] = await accessRowQuery(db, lock ? 'lock' : 'read', { id });
  return row ?? null;
}

/**
 * Missing first, then deleted, then the stage: a deleted client is reached only when asked for
 * (`includeDeleted`) and only by who may restore it (canDeleteClient: admin, or its owner while
 * they work its stage), so for everyone else it is as gone as a missing one (404) and its stage
 * is never told. A live client outside the actor's stages is 403 with `details.process_status`.
 * Whoever works no stage at all (ao) is refused the client book as such (403 FORBIDDEN, as the
 * route policies refuse them).
 */
function check(actor: StaffActor, row: ClientAccessRow | null, includeDeleted: boolean): ClientAccessRow {
  if (clientStagesVisibleTo(actor.role).length === 0) throw new AppError('FORBIDDEN');
  if (!row) throw new AppError('CLIENT_NOT_FOUND');
  const stage = row.process_status as ContactStage;
  if (
    row.is_deleted &&
    !(includeDeleted && canDeleteClient(actor, { processStatus: stage, ownerId: row.employee_id }))
  ) {
    throw new AppError('CLIENT_NOT_FOUND');
  }
  if (!canSeeClient(actor.role, stage)) {
    throw new AppError('CLIENT_STAGE_NOT_ALLOWED', { details: { process_status: stage } });
  }
  return row;
}

/** The client of a read, checked for the acting staff member. */
export async function readableClient(
  ctx: ServiceContext,
  clientId: number,
  options: { includeDeleted?: boolean } = {},
): Promise<ClientAccessRow> {
  return check(staffActor(ctx), await findAccessRow(ctx.db, clientId, false), !!options.includeDeleted);
}

/**
 * Runs a read of a client's items alongside the access check (one round trip instead of two in
 * a row); a client the actor may not see is refused whatever the read did.
 */
export async function readOfClient<T>(
  ctx: ServiceContext,
  clientId: number,
  read: () => Promise<T>,
  options: { includeDeleted?: boolean } = {},
): Promise<T> {
  const actor = staffActor(ctx);
  const [row, result] = await Promise.allSettled([findAccessRow(ctx.db, clientId, false), read()]);
  if (row.status === 'rejected') throw row.reason;
  check(actor, row.value, !!options.includeDeleted);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * A write on one client or its sub-resources: one transaction with the client row locked (so a
 * stage move and a write cannot interleave, and the client cannot be deleted meanwhile), checked
 * for the acting staff member.
 */
export async function writeOnClient<T>(
  ctx: ServiceContext,
  clientId: number,
  work: (tx: Tx, client: ClientAccessRow, actor: StaffActor) => Promise<T>,
  options: { includeDeleted?: boolean } = {},
): Promise<T> {
  const actor = staffActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = check(actor, await findAccessRow(tx, clientId, true), !!options.includeDeleted);
    return work(tx, row, actor);
  });
}

/**
 * A read of a client's items by staff (the access rule above) or by the investor themself: an
 * investor reaches only their own client id (the route guard refuses others too; this keeps the
 * service safe whatever route calls it). Their account being live was checked at sign-in.
 */
export async function readOfClientOrSelf<T>(
  ctx: ServiceContext,
  clientId: number,
  read: () => Promise<T>,
): Promise<T> {
  if (ctx.actor?.kind === 'client') {
    if (ctx.actor.id !== clientId) throw new AppError('FORBIDDEN');
    return read();
  }
  return readOfClient(ctx, clientId, read);
}

/** Whether the caller is the investor themself (whose replies leave out what is staff's). */
export const actingAsInvestor = (ctx: Pick<ServiceContext, 'actor'>) => ctx.actor?.kind === 'client';
