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
import { deliverReplyMail, deliverStartupReplyMail } from './mail.ts';
import { readOfCase } from '../caseItems/service.ts';
import * as repo from './repository.ts';

/**
 * Service messages (issue 11): staff of the inbox (policy `services.inbox`) read and answer every
 * thread; an investor reads and writes only their own, and someone else's thread is as missing as
 * one that does not exist (404), as for every other object. Each new message notifies the live
 * channel with ids only (modules/live); a staff message mails the party a link, never the text.
 *
 * Issue 14 (decision 0038): a thread's party is an investor client or a startup (its case). A
 * startup reads and writes its own case's threads; staff who read the case (`cases.read`: its
 * AO, admin) reach that case's threads through `cases/{id}/services`, scoped to the case.
 */

type Side =
  | { kind: 'staff'; employeeId: number; caseId?: number }
  | { kind: 'client'; clientId: number }
  | { kind: 'startup'; caseId: number | null };

type Party = { client_id: number | null; case_id: number | null };

/**
 * Who is writing or reading: staff of the inbox (or, with `caseId`, staff working on that case,
 * whose route checked `cases.read`), an investor, or a startup. The routes let no one else in.
 */
function sideOf(ctx: ServiceContext, scope?: { caseId: number }): Side {
  const a = ctx.actor;
  if (a?.kind === 'employee' && scope && staffCan(a.role, 'cases.read'))
    return { kind: 'staff', employeeId: a.id, caseId: scope.caseId };
  if (a?.kind === 'employee' && !scope && staffCan(a.role, 'services.inbox'))
    return { kind: 'staff', employeeId: a.id };
  if (scope) throw new AppError('FORBIDDEN');
  if (a?.kind === 'client') return { kind: 'client', clientId: a.id };
  if (a?.kind === 'startup') return { kind: 'startup', caseId: a.caseId };
  throw new AppError('FORBIDDEN');
}

/** Whose `unread` a thread shows: the firm's, or its party's (an investor or a startup). */
export function viewerOf(ctx: ServiceContext, scope?: { caseId: number }): 'staff' | 'client' {
  return sideOf(ctx, scope).kind === 'staff' ? 'staff' : 'client';
}

const fromOf = (side: Side): MessageSender => (side.kind === 'staff' ? 'employee' : 'client');

function visible(side: Side, thread: Party | null): boolean {
  if (!thread) return false;
  switch (side.kind) {
    case 'staff':
      return side.caseId === undefined || thread.case_id === side.caseId;
    case 'client':
      return thread.client_id === side.clientId;
    case 'startup':
      return side.caseId !== null && thread.case_id === side.caseId;
  }
}

export async function listThreads(ctx: ServiceContext, q: ServiceListQuery, scope?: { caseId: number }) {
  const side = sideOf(ctx, scope);
  const page = paging(q, { size: SERVICE_LIST_DEFAULTS.size, allByDefault: false });
  if (side.kind === 'startup') {
    // A startup's list is its case's threads; a client filter finds none of them.
    if (side.caseId === null || q.client_id !== undefined) return { rows: [], count: 0 };
    return repo.listThreads(ctx.db, page, { type: q.type, caseId: side.caseId });
  }
  if (side.kind === 'staff' && side.caseId !== undefined) {
    if (q.client_id !== undefined) return { rows: [], count: 0 };
    const caseId = side.caseId;
    return readOfCase(ctx, caseId, () => repo.listThreads(ctx.db, page, { type: q.type, caseId }));
  }
  let clientId = q.client_id;
  if (side.kind === 'client') {
    // An investor's list is their own threads; asking for another client's finds none.
    if (clientId !== undefined && clientId !== side.clientId) return { rows: [], count: 0 };
    clientId = side.clientId;
  }
  return repo.listThreads(ctx.db, page, { type: q.type, clientId });
}

export async function getThread(ctx: ServiceContext, id: number, scope?: { caseId: number }) {
  const side = sideOf(ctx, scope);
  const [thread, messages] = await Promise.all([repo.findThread(ctx.db, id), repo.listMessages(ctx.db, id)]);
  if (!thread || !visible(side, thread.thread)) throw new AppError('THREAD_NOT_FOUND');
  return { thread, messages };
}

export async function countThreads(ctx: ServiceContext) {
  sideOf(ctx);
  return repo.countThreads(ctx.db);
}

/** Appends in the caller's transaction, notifies the live channel, and says whom to mail. */
async function append(tx: Tx, side: Side, thread: { id: number } & Party, content: string) {
  const message = await repo.appendMessage(tx, thread.id, {
    from: fromOf(side),
    employee_id: side.kind === 'staff' ? side.employeeId : null,
    content,
  });
  await repo.notifyLive(tx, {
    type: 'service.message',
    thread_id: thread.id,
    ...liveParty(thread),
    message_id: message.id,
    from: message.sender,
  });
  return message;
}

/** The party in a live event: an investor's `client_id`, or a startup's `case_id` (decision 0038). */
function liveParty(thread: Party) {
  return thread.case_id === null
    ? { client_id: thread.client_id }
    : { client_id: null, case_id: thread.case_id };
}

/** Not awaited: a slow mail server must not hold the reply, which is saved whatever the mail does. */
function afterStaffMessage(ctx: ServiceContext, side: Side, party: Party) {
  if (side.kind !== 'staff') return;
  if (party.client_id !== null) void deliverReplyMail(ctx, party.client_id);
  else if (party.case_id !== null) void deliverStartupReplyMail(ctx, party.case_id);
}

/** Whom a new thread is with: the writer themself, or whom staff name (a client, or the scoped case). */
function partyOfNew(side: Side, input: ServiceThreadCreateBody): { client_id: number } | { case_id: number } {
  switch (side.kind) {
    case 'client':
      if (input.client_id !== undefined && input.client_id !== side.clientId) throw new AppError('FORBIDDEN');
      return { client_id: side.clientId };
    case 'startup':
      if (input.client_id !== undefined || side.caseId === null) throw new AppError('FORBIDDEN');
      return { case_id: side.caseId };
    case 'staff':
      if (side.caseId !== undefined) return { case_id: side.caseId };
      if (input.client_id === undefined) throw new AppError('CLIENT_ID_REQUIRED');
      return { client_id: input.client_id };
  }
}

export async function createThread(
  ctx: ServiceContext,
  input: ServiceThreadCreateBody,
  scope?: { caseId: number },
) {
  const side = sideOf(ctx, scope);
  const party = partyOfNew(side, input);
  const full: Party = { client_id: null, case_id: null, ...party };
  const id = await ctx.db.transaction(async (tx) => {
    if (side.kind === 'staff' && full.client_id !== null) {
      const client = await repo.clientMailOf(tx, full.client_id);
      if (!client || client.is_deleted) throw new AppError('CLIENT_NOT_FOUND');
    }
    if (side.kind === 'staff' && full.case_id !== null) {
      const kase = await repo.caseOf(tx, full.case_id);
      if (!kase || kase.is_deleted) throw new AppError('CASE_NOT_FOUND');
    }
    const threadId = await repo.insertThread(tx, {
      party,
      subject: input.subject,
      from: fromOf(side),
      created_by: side.kind === 'staff' ? side.employeeId : null,
    });
    await append(tx, side, { id: threadId, ...full }, input.content);
    return threadId;
  });
  afterStaffMessage(ctx, side, full);
  return getThread(ctx, id, scope);
}

/** One transaction with the thread locked: a reply and a read mark never interleave. */
async function onThread<T>(
  ctx: ServiceContext,
  id: number,
  scope: { caseId: number } | undefined,
  work: (tx: Tx, side: Side, thread: repo.ThreadRow) => Promise<T>,
): Promise<T> {
  const side = sideOf(ctx, scope);
  return ctx.db.transaction(async (tx) => {
    const thread = await repo.lockThread(tx, id);
    if (!thread || !visible(side, thread)) throw new AppError('THREAD_NOT_FOUND');
    return work(tx, side, thread);
  });
}

export async function postMessage(
  ctx: ServiceContext,
  id: number,
  content: string,
  scope?: { caseId: number },
) {
  const { side, party } = await onThread(ctx, id, scope, async (tx, side, thread) => {
    await append(tx, side, thread, content);
    return { side, party: thread as Party };
  });
  afterStaffMessage(ctx, side, party);
  return getThread(ctx, id, scope);
}

export async function updateThread(
  ctx: ServiceContext,
  id: number,
  input: ServiceThreadUpdateBody,
  scope?: { caseId: number },
) {
  const { side, party, appended } = await onThread(ctx, id, scope, async (tx, side, thread) => {
    if (input.content !== undefined) await append(tx, side, thread, input.content);
    if (input.read !== undefined) {
      const viewer = side.kind === 'staff' ? 'staff' : 'client';
      await repo.markRead(tx, id, viewer, input.read);
      // Other open inboxes refresh their unread counts.
      await repo.notifyLive(tx, { type: 'service.read', thread_id: id, ...liveParty(thread) });
    }
    return { side, party: thread as Party, appended: input.content !== undefined };
  });
  if (appended) afterStaffMessage(ctx, side, party);
  return getThread(ctx, id, scope);
}
