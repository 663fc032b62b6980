import { z } from 'zod';
import { REVIEW_STATUS } from '../constants.ts';
import { type Case, CaseUpdateBody } from './cases.ts';
import { DB_ID_MAX } from './common.ts';

/**
 * The startup's review of its case (SPEC section 3 "Case review", section 4, section 7
 * `v1/cases/{userId}/review`): the startup proposes changes to what the firm knows of it
 * (`update_content`), drafts them (status 0) and submits them (status 1); staff comment on the
 * proposal, see what differs from the case and apply it.
 */

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const bodyId = z.number().int().positive().max(DB_ID_MAX);
const Person = z.object({ id: z.number().int(), name: z.string() });

/** `{userId}` is the startup user's id (SPEC's naming): the review of that startup's case. */
export const ReviewUserParam = z.object({ userId: dbId });
/** `v1/cases/{id}/review/list` is by case id. */
export const ReviewCaseParam = z.object({ id: dbId });

export const REVIEW_STATUSES = [REVIEW_STATUS.draft, REVIEW_STATUS.submitted] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
const status = z.union([z.literal(REVIEW_STATUS.draft), z.literal(REVIEW_STATUS.submitted)], {
  error: 'Status is 0 (draft) or 1 (submitted)',
});

const STAGE = 'The stage of a case cannot change through a review';
const PEOPLE = 'Only staff assign people to a case';
const RATING = 'Only staff rate a case';
/**
 * Case fields a review may not propose, with why: the stage, the people on the case, the ratings
 * and the board pin are the firm's own decisions, not facts about the company.
 */
export const REVIEW_REFUSED_FIELDS = {
  status: STAGE,
  reason: STAGE,
  ao_id: PEOPLE,
  agent_ids: PEOPLE,
  rating_ao_score: RATING,
  rating_ir_score: RATING,
  sticky_column: 'The board pin is set by staff',
} as const satisfies Partial<Record<keyof typeof CaseUpdateBody.shape, string>>;
type RefusedField = keyof typeof REVIEW_REFUSED_FIELDS;

/** The case fields a review may change, in the order a diff lists them. */
export const REVIEW_CASE_FIELDS = (
  Object.keys(CaseUpdateBody.shape) as Array<keyof typeof CaseUpdateBody.shape>
).filter((k) => !(k in REVIEW_REFUSED_FIELDS)) as Array<
  Exclude<keyof typeof CaseUpdateBody.shape, RefusedField>
>;
export type ReviewCaseField = (typeof REVIEW_CASE_FIELDS)[number];

/** Fields proposed as a whole object but compared and merged key by key. */
export const REVIEW_NESTED_FIELDS = ['business_plan', 'term_sheet', 'company'] as const;

const DETAIL_MAX_CHARS = 100_000;
const refused = (message: string) => z.never({ error: message }).optional();

/**
 * What a startup proposes: case fields as `PUT v1/cases/{id}` takes them, and `detail`, free-form
 * facts about the company that the case has no field for (kept and shown, never applied).
 */
export const ReviewContent = CaseUpdateBody.omit({
  status: true,
  reason: true,
  ao_id: true,
  agent_ids: true,
  rating_ao_score: true,
  rating_ir_score: true,
  sticky_column: true,
})
  .extend({
    ...(Object.fromEntries(
      Object.entries(REVIEW_REFUSED_FIELDS).map(([k, message]) => [k, refused(message)]),
    ) as Record<RefusedField, ReturnType<typeof refused>>),
    detail: z
      .record(z.string(), z.unknown())
      .refine((v) => JSON.stringify(v).length <= DETAIL_MAX_CHARS, {
        message: `detail is larger than ${DETAIL_MAX_CHARS} characters`,
      })
      .optional(),
  })
  .strict();
export type ReviewContent = z.infer<typeof ReviewContent>;

/** A field path of the proposal: `name`, `company.sn`, `company.team_list`, `business_plan.market`. */
export const REVIEW_COMMENT_FIELD = z
  .string()
  .max(100)
  .regex(/^[a-z_]+(\.[a-z_0-9]+){0,3}$/i, { message: 'field is a path such as company.sn' });

/** The startup's answer to one staff comment. */
export const ReviewCommentReplyParam = z.object({ userId: dbId, commentId: dbId });
export const ReviewCommentReplyBody = z
  .object({
    reply: z
      .string()
      .trim()
      .min(1, { message: 'A reply needs text' })
      .max(5000, { message: 'A reply is at most 5000 characters' }),
  })
  .strict();
export type ReviewCommentReplyBody = z.infer<typeof ReviewCommentReplyBody>;

/** A staff comment on the review. `employee_id` and `name` are its author. */
export const ReviewComment = z.object({
  id: z.number().int(),
  employee_id: z.number().int().nullable(),
  name: z.string(),
  content: z.string(),
  /** The proposal field commented on (`company.sn`, `business_plan.market`), or null for the whole. */
  field: z.string().nullable(),
  /** The startup's answer, and when it was given. */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewComment = z.infer<typeof ReviewComment>;

/**
 * A comment as sent back in a PUT: the list replaces the stored one. An entry without `id` is new;
 * a stored comment missing from the list is deleted. The author fields are the server's: they may
 * be sent back as read, and are ignored.
 */
export const ReviewCommentInput = z
  .object({
    id: bodyId.optional(),
    content: z
      .string()
      .trim()
      .min(1, { message: 'A comment needs text' })
      .max(5000, { message: 'A comment is at most 5000 characters' }),
    field: REVIEW_COMMENT_FIELD.nullish(),
    employee_id: z.number().int().nullish(),
    name: z.string().nullish(),
    reply: z.string().nullish(),
    replied_at: z.string().nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .strict();
export type ReviewCommentInput = z.infer<typeof ReviewCommentInput>;

const reviewFields = {
  update_content: ReviewContent,
  status,
  comment: z.array(ReviewCommentInput).max(200, { message: 'At most 200 comments' }),
};

/** The first save, or an init (status 0, empty content): creates the review, or starts it over. */
export const ReviewCreateBody = z
  .object({
    update_content: ReviewContent.default({}),
    status: status.default(REVIEW_STATUS.draft),
    comment: reviewFields.comment.optional(),
  })
  .strict();
export type ReviewCreateBody = z.infer<typeof ReviewCreateBody>;

/**
 * Later saves. The startup sets content and status; staff send the same content and status with
 * the comment list they want (SPEC section 4: deleting a comment sends an empty list).
 */
export const ReviewUpdateBody = z.object(reviewFields).partial().strict();
export type ReviewUpdateBody = z.infer<typeof ReviewUpdateBody>;

export const CaseReview = z.object({
  id: z.number().int(),
  /** The startup user whose review this is. */
  user_id: z.number().int(),
  case_id: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  update_content: z.record(z.string(), z.unknown()),
  comment: z.array(ReviewComment),
  /** When staff last applied the submitted content to the case; a new save clears it. */
  applied_at: z.string().nullable(),
  applied_by: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CaseReview = z.infer<typeof CaseReview>;

/** A review in the list of a case, with its startup user. */
export const CaseReviewWithUser = CaseReview.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), status: z.string() }),
});
export type CaseReviewWithUser = z.infer<typeof CaseReviewWithUser>;

/** One difference between the case and the proposal: `term_sheet.total_amount` for nested fields. */
export const ReviewDiffEntry = z.object({
  field: z.string(),
  current: z.unknown(),
  proposed: z.unknown(),
});
export type ReviewDiffEntry = z.infer<typeof ReviewDiffEntry>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a proposal would change on the case, field by field (nested fields key by key), in the
 * order of REVIEW_CASE_FIELDS. Only case fields count: `detail` and refused fields never apply.
 * An empty website is proposed as no website, as `PUT v1/cases/{id}` stores it.
 */
export function reviewDiff(kase: Case, content: Record<string, unknown>): ReviewDiffEntry[] {
  const entries: ReviewDiffEntry[] = [];
  for (const field of REVIEW_CASE_FIELDS) {
    if (!(field in content) || content[field] === undefined) continue;
    const proposed = field === 'website' && content[field] === '' ? null : content[field];
    if ((REVIEW_NESTED_FIELDS as readonly string[]).includes(field)) {
      const current = (kase[field as 'term_sheet'] ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries((proposed ?? {}) as Record<string, unknown>)) {
        if (value === undefined || same(current[key], value)) continue;
        entries.push({ field: `${field}.${key}`, current: current[key] ?? null, proposed: value ?? null });
      }
      continue;
    }
    const current = kase[field as keyof Case];
    if (!same(current, proposed))
      entries.push({ field, current: current ?? null, proposed: proposed ?? null });
  }
  return entries;
}
