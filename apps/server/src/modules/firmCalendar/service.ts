import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  type CalendarFeed,
  clientStagesVisibleTo,
  type FirmCalendarQuery,
  type StaffRole,
  staffCan,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { FirmEventRow } from './repository.ts';

/** What a role sees of the calendar: every case, or the cases their clients take part in. */
function scopeOf(role: StaffRole) {
  return { readsCases: staffCan(role, 'cases.read'), clientStages: clientStagesVisibleTo(role) };
}

/** `GET v2/calendars`: the events of a range the caller may see, with the filters asked for. */
export async function searchEvents(ctx: ServiceContext, q: FirmCalendarQuery) {
  const actor = staffActor(ctx);
  const rows = await repo.searchFirmEvents(ctx.db, {
    from: new Date(q.start_at),
    to: new Date(q.end_at),
    ...scopeOf(actor.role),
    caseId: q.case_id,
    clientId: q.client_id,
    employeeId: q.employee_id,
  });
  return { rows, actor };
}

// ── The .ics feed ────────────────────────────────────────────────────────────────────────────

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes: the secret is the only thing between the address and the calendar. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function origin(ctx: ServiceContext) {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
}

/** The feed's address; the secret rides in `token`, whose value the request log redacts. */
export const FEED_PATH = '/api/v1/calendar/feed.ics';
const feedUrl = (ctx: ServiceContext, token: string) => `${origin(ctx)}${FEED_PATH}?token=${token}`;

export async function getFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  const actor = staffActor(ctx);
  const row = await repo.findFeed(ctx.db, actor.id);
  return { active: row !== null, created_at: row ? row.created_at.toISOString() : null, url: null };
}

/** A new address (the only time it is shown); the previous one stops working. */
export async function renewFeed(ctx: ServiceContext): Promise<CalendarFeed> {
  const actor = staffActor(ctx);
  const token = randomBytes(32).toString('base64url');
  const row = await repo.replaceFeed(ctx.db, actor.id, hashOf(token));
  return { active: true, created_at: row.created_at.toISOString(), url: feedUrl(ctx, token) };
}

export async function endFeed(ctx: ServiceContext): Promise<void> {
  const actor = staffActor(ctx);
  await repo.deleteFeed(ctx.db, actor.id);
}

/** Where an event of the feed links to: its case for readers of cases, else the client. */
function linkOf(ctx: ServiceContext, row: FirmEventRow, readsCases: boolean) {
  if (readsCases) return `${origin(ctx)}/dashboard/manager/${row.case_id}?tab=calendars`;
  return row.client_id === null ? null : `${origin(ctx)}/dashboard/investor/${row.client_id}?tab=calendars`;
}

/**
 * The calendar behind a feed address, as its owner would see it today (a role change or a
 * client handed over shows in the next read). An unknown, ended or malformed secret, or an
 * inactive owner, is one and the same 404.
 */
export async function renderFeed(ctx: ServiceContext, db: DbOrTx, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  const owner = await repo.readFeedOwner(db, hashOf(token));
  if (!owner) throw new AppError('CALENDAR_FEED_NOT_FOUND');
  const scope = scopeOf(owner.role);
  const day = 86_400_000;
  const rows = await repo.searchFirmEvents(db, {
    from: new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * day),
    to: new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * day),
    ...scope,
  });
  const calendar = ical({
    name: `Dealflow — ${owner.name}`,
    prodId: { company: 'Dealflow', product: 'firm-calendar', language: 'ZH-TW' },
    ttl: 60 * 60,
  });
  for (const row of rows) {
    calendar.createEvent({
      id: `case-calendar-${row.id}@dealflow`,
      start: new Date(row.start_at),
      end: new Date(row.end_at),
      stamp: new Date(row.updated_at),
      created: new Date(row.created_at),
      lastModified: new Date(row.updated_at),
      summary: row.title,
      description: row.client_name ? `${row.case_name}（${row.client_name}）` : row.case_name,
      location: row.location,
      url: linkOf(ctx, row, scope.readsCases),
    });
  }
  return calendar.toString();
}
