import {
  SERVICE_LIST_DEFAULTS,
  staffCan,
  type MessageSender,
  type ServiceListQuery,
  type ServiceThreadCreateBody,
  type ServiceThreadUpdateBody,
} from '@dealflow/domain';
import type { Tx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { paging } from '../items/service.ts';
import { deliverReplyMail } from './mail.ts';
import * as repo from './repository.ts';

/**
 * Service messages (issue 11): staff of the inbox (policy `services.inbox`) read and answer every
 * thread; an investor reads and writes only their own, and someone else's thread is as missing as
 * one that does not exist (404), as for every other object. Each new message notifies the live
 * channel with ids only (modules/live); a staff message mails the investor a link, never the text.
 */

type Side = { kind: 'staff'; employeeId: number } | { kind: 'client'; clientId: number };

/** Who is writing or reading: staff of the inbox, or an investor. The routes let no one else in. */
function sideOf(ctx: ServiceContext): Side {
  const a = ctx.actor;
  if (a?.kind === 'employee' && staffCan(a.role, 'services.inbox'))
    return { kind: 'staff', employeeId: a.id };
  if (a?.kind === 'client') return { kind: 'client', clientId: a.id };
  throw new AppError('FORBIDDEN');
}

export function viewerOf(ctx: ServiceContext): 'staff' | 'client' {
  return sideOf(ctx).kind;
}

const fromOf = (side: Side): MessageSender => (side.kind === 'staff' ? 'employee' : 'client');

function visible(side: Side, thread: { client_id: number } | null): boolean {
  return !!thread && (side.kind === 'staff' || thread.client_id === side.clientId);
}

export async function listThreads(ctx: ServiceContext, q: ServiceListQuery) {
  const side = sideOf(ctx);
  const page = paging(q, { size: SERVICE_LIST_DEFAULTS.size, allByDefault: false });
  let clientId = q.client_id;
  if (side.kind === 'client') {
    // An investor's list is their own threads; asking for another client's finds none.
    if (clientId !== undefined && clientId !== side.clientId) return { rows: [], count: 0 };
    clientId = side.clientId;
  }
  return repo.listThreads(ctx.db, page, { type: q.type, clientId });
}

export async function getThread(ctx: ServiceContext, id: number) {
  const side = sideOf(ctx);
  const [thread, messages] = await Promise.all([repo.findThread(ctx.db, id), repo.listMessages(ctx.db, id)]);
  if (!thread || !visible(side, thread.thread)) throw new AppError('THREAD_NOT_FOUND');
  return { thread, messages };
}

export async function countThreads(ctx: ServiceContext) {
  sideOf(ctx);
  return repo.countThreads(ctx.db);
}

/** Appends in the caller's transaction, notifies the live channel, and says whom to mail. */
async function append(tx: Tx, side: Side, thread: { id: number; client_id: number }, content: string) {
  const message = await repo.appendMessage(tx, thread.id, {
    from: fromOf(side),
    employee_id: side.kind === 'staff' ? side.employeeId : null,
    content,
  });
  await repo.notifyLive(tx, {
    type: 'service.message',
    thread_id: thread.id,
    client_id: thread.client_id,
    message_id: message.id,
    from: message.sender,
  });
  return message;
}

/** Not awaited: a slow mail server must not hold the reply, which is saved whatever the mail does. */
function afterStaffMessage(ctx: ServiceContext, side: Side, clientId: number) {
  if (side.kind === 'staff') void deliverReplyMail(ctx, clientId);
}

export async function createThread(ctx: ServiceContext, input: ServiceThreadCreateBody) {
  const side = sideOf(ctx);
  let clientId: number;
  if (side.kind === 'client') {
    if (input.client_id !== undefined && input.client_id !== side.clientId) throw new AppError('FORBIDDEN');
    clientId = side.clientId;
  } else {
    if (input.client_id === undefined) throw new AppError('CLIENT_ID_REQUIRED');
    clientId = input.client_id;
  }
  const id = await ctx.db.transaction(async (tx) => {
    if (side.kind === 'staff') {
      const client = await repo.clientMailOf(tx, clientId);
      if (!client || client.is_deleted) throw new AppError('CLIENT_NOT_FOUND');
    }
    const threadId = await repo.insertThread(tx, {
      client_id: clientId,
      subject: input.subject,
      from: fromOf(side),
      created_by: side.kind === 'staff' ? side.employeeId : null,
    });
    await append(tx, side, { id: threadId, client_id: clientId }, input.content);
    return threadId;
  });
  afterStaffMessage(ctx, side, clientId);
  return getThread(ctx, id);
}

/** One transaction with the thread locked: a reply and a read mark never interleave. */
async function onThread<T>(
  ctx: ServiceContext,
  id: number,
  work: (tx: Tx, side: Side, thread: repo.ThreadRow) => Promise<T>,
): Promise<T> {
  const side = sideOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const thread = await repo.lockThread(tx, id);
    if (!thread || !visible(side, thread)) throw new AppError('THREAD_NOT_FOUND');
    return work(tx, side, thread);
  });
}

export async function postMessage(ctx: ServiceContext, id: number, content: string) {
  const { side, clientId } = await onThread(ctx, id, async (tx, side, thread) => {
    await append(tx, side, thread, content);
    return { side, clientId: thread.client_id };
  });
  afterStaffMessage(ctx, side, clientId);
  return getThread(ctx, id);
}

export async function updateThread(ctx: ServiceContext, id: number, input: ServiceThreadUpdateBody) {
  const { side, clientId, appended } = await onThread(ctx, id, async (tx, side, thread) => {
    if (input.content !== undefined) await append(tx, side, thread, input.content);
    if (input.read !== undefined) {
      const viewer = side.kind === 'staff' ? 'staff' : 'client';
      await repo.markRead(tx, id, viewer, input.read);
      // Other open inboxes refresh their unread counts.
      await repo.notifyLive(tx, { type: 'service.read', thread_id: id, client_id: thread.client_id });
    }
    return { side, clientId: thread.client_id, appended: input.content !== undefined };
  });
  if (appended) afterStaffMessage(ctx, side, clientId);
  return getThread(ctx, id);
}
