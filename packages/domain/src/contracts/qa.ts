import { z } from 'zod';
import { DB_ID_MAX, PageQuery } from './common.ts';

/**
 * Investor Q&A (issue 13): questions and answers admin writes, in admin's order. Investors read the
 * published ones; staff read them too, and admin (`platform.config`) also sees drafts and writes.
 * `q` searches question and answer by substring (Chinese included: no word splitting).
 */
export const QA_QUESTION_MAX = 500;
export const QA_ANSWER_MAX = 10_000;
export const QA_CATEGORY_MAX = 50;
/** The most entries one list answers (the whole Q&A fits; more is a 400, not silently cut). */
export const QA_PAGE_MAX = 500;

export const QaEntry = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  category: z.string().nullable(),
  position: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QaEntry = z.infer<typeof QaEntry>;

const question = z.string().trim().min(1, { message: 'Question is required' }).max(QA_QUESTION_MAX);
const answer = z.string().trim().min(1, { message: 'Answer is required' }).max(QA_ANSWER_MAX);
/** Blank is no category. */
const category = z
  .string()
  .trim()
  .max(QA_CATEGORY_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

export const QaCreateBody = z
  .object({ question, answer, category, published: z.boolean().default(true) })
  .strict();
export type QaCreateBody = z.output<typeof QaCreateBody>;
/** What the web sends (category and published may be left out). */
export type QaCreateInput = z.input<typeof QaCreateBody>;
export const QaUpdateBody = z
  .object({ question, answer, category, published: z.boolean() })
  .partial()
  .strict();
export type QaUpdateBody = z.output<typeof QaUpdateBody>;
export type QaUpdateInput = z.input<typeof QaUpdateBody>;

/** The entries in their new order, first to last: every entry's id once. */
export const QaOrderBody = z
  .object({
    ids: z
      .array(z.number().int().positive().max(DB_ID_MAX))
      .min(1)
      .max(QA_PAGE_MAX)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each id may appear once' }),
  })
  .strict();
export type QaOrderBody = z.infer<typeof QaOrderBody>;

export const QaListQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).optional(),
    size: z.coerce.number().int().min(1).max(QA_PAGE_MAX).optional(),
    all: PageQuery.shape.all,
  })
  .strict();
export type QaListQuery = z.infer<typeof QaListQuery>;

/** `PUT api/internal/v1/me/tutorial`: the signed-in investor closed the onboarding tour, or asks to see it again. */
export const TutorialBody = z.object({ seen: z.boolean() }).strict();
export type TutorialBody = z.infer<typeof TutorialBody>;
export const TutorialState = z.object({ tutorial_seen_at: z.string().nullable() });
export type TutorialState = z.infer<typeof TutorialState>;
