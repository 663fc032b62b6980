import { z } from 'zod';
import { DB_ID_MAX } from './common.ts';
import { CaseRef, instant } from './caseItems.ts';

/**
 * Work logs (SPEC section 7 "Employees" logs, issue 11): what an employee did — a call, a meeting,
 * a visit — optionally on a case. Who reads which (enforced on the server, list and get agreeing):
 * admin every log; anyone else their own, and the logs on cases they may read (an ao every case's).
 * Only the author or an admin changes or deletes a log. A log on a case names only a case the
 * author may read.
 */
export const WORK_LOG_KINDS = ['call', 'meeting', 'visit', 'email', 'other'] as const;
export type WorkLogKind = (typeof WORK_LOG_KINDS)[number];
/** The work-log list's page size (SPEC section 9: 20 a page; fewer means no next page). */
export const WORK_LOG_PAGE_SIZE = 20;

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const Person = z.object({ id: z.number().int(), name: z.string() });

export const WorkLog = z.object({
  id: z.number().int(),
  content: z.string(),
  kind: z.enum(WORK_LOG_KINDS),
  happened_at: z.string(),
  case_id: z.number().int().nullable(),
  /** The case it is about (its name as it is now); null without one. */
  case: CaseRef.nullable(),
  /** Who wrote it; null once their account is gone. */
  employee_id: z.number().int().nullable(),
  employee: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkLog = z.infer<typeof WorkLog>;

const content = z.string().trim().min(1, { message: 'Content is required' }).max(5000);
export const WorkLogCreateBody = z
  .object({
    content,
    kind: z.enum(WORK_LOG_KINDS).default('other'),
    /** When it happened; now when left out. */
    happened_at: instant.optional(),
    case_id: z.number().int().positive().max(DB_ID_MAX).nullish(),
  })
  .strict();
export type WorkLogCreateBody = z.infer<typeof WorkLogCreateBody>;
export const WorkLogUpdateBody = z
  .object({
    content,
    kind: z.enum(WORK_LOG_KINDS),
    happened_at: instant,
    case_id: z.number().int().positive().max(DB_ID_MAX).nullable(),
  })
  .partial()
  .strict();
export type WorkLogUpdateBody = z.infer<typeof WorkLogUpdateBody>;
export const WorkLogParams = z.object({ id: dbId });

/**
 * `GET v1/employee/log` and `v2/employee/log`: `page` (from 1), `size` (20 by default, at most 100)
 * and `case_id`, nothing else (SPEC section 9); newest `happened_at` first. v1 also takes
 * `employee_id` (admin: anyone's; others only their own).
 */
const paging = {
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
  case_id: dbId.optional(),
};
export const WorkLogQuery = z.object({ ...paging, employee_id: dbId.optional() }).strict();
export type WorkLogQuery = z.infer<typeof WorkLogQuery>;
export const WorkLogQueryV2 = z.object(paging).strict();
export type WorkLogQueryV2 = z.infer<typeof WorkLogQueryV2>;
