import { z } from 'zod';
import { CaseRef } from './caseItems.ts';
import { DB_ID_MAX, PageQuery } from './common.ts';

/**
 * Due-diligence comments of a case (SPEC section 3 "Case due-diligence comment", section 7
 * `v2/cases/{caseId}/dd`, `dd/import` and `v2/dd`): a note from the firm's due diligence,
 * optionally about one client (an investor who raised the point or who must see it).
 */

const dbId = z.coerce.number().int().positive().max(DB_ID_MAX);
const bodyId = z.number().int().positive().max(DB_ID_MAX);
const Person = z.object({ id: z.number().int(), name: z.string() });

export const DD_CONTENT_MAX = 10_000;

/** What one import takes (SPEC names no limit; these keep one request well under a second). */
export const DD_IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 5000 } as const;
/** Columns read by their header in the first row (any letter case); others are ignored. */
export const DD_IMPORT_COLUMNS = ['content', 'client_email', 'client_id', 'created_at'] as const;
export type DdImportColumn = (typeof DD_IMPORT_COLUMNS)[number];

/**
 * Path params as strings: an empty id in the path (`dd/` with nothing after it) is answered with
 * the SPEC section 8 message, not a generic validation error, so the check runs before these.
 */
export const DdCaseParams = z.object({ caseId: dbId });
export const DdParams = DdCaseParams.extend({ ddId: dbId });

export const DdComment = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  content: z.string(),
  client_id: z.number().int().nullable(),
  client: Person.nullable(),
  /** The employee who wrote or imported it; null once that account is gone. */
  author: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DdComment = z.infer<typeof DdComment>;

/** In a list across cases each comment carries its case. */
export const DdCommentWithCase = DdComment.extend({ case: CaseRef });
export type DdCommentWithCase = z.infer<typeof DdCommentWithCase>;

const content = z
  .string()
  .trim()
  .min(1, { message: 'Content is required' })
  .max(DD_CONTENT_MAX, { message: `Content is longer than ${DD_CONTENT_MAX} characters` });

export const DdCreateBody = z.object({ content, client_id: bodyId.nullish() }).strict();
export type DdCreateBody = z.infer<typeof DdCreateBody>;
/** `client_id: null` detaches the comment from its client. */
export const DdUpdateBody = z.object({ content, client_id: bodyId.nullable() }).partial().strict();
export type DdUpdateBody = z.infer<typeof DdUpdateBody>;

/** `1,2,3`: distinct ids; an empty value counts as not given. */
const idList = z
  .string()
  .trim()
  .regex(/^\d+(\s*,\s*\d+)*$/, { message: 'A comma-separated list of ids, such as 1,2,3' })
  .transform((s) => [...new Set(s.split(',').map((v) => Number(v.trim())))])
  .pipe(
    z
      .array(z.number().int().positive().max(DB_ID_MAX, { message: 'An id is out of range' }))
      .max(200, { message: 'At most 200 ids' }),
  );
const optionalIdList = z.preprocess((v) => (v === '' ? undefined : v), idList.optional());

/**
 * `v2/dd`: comments of these cases and/or about these clients (both given: both must match).
 * At least one list is required (SPEC section 8 'Case ID or Client ID is required').
 */
export const DdSearchQuery = PageQuery.extend({ case_ids: optionalIdList, client_ids: optionalIdList });
export type DdSearchQuery = z.infer<typeof DdSearchQuery>;

export const DD_IMPORT_ROW_STATUSES = ['imported', 'refused'] as const;

/** One data row of the file: `row` is its number as a spreadsheet shows it (the header is row 1). */
export const DdImportRow = z.object({
  row: z.number().int(),
  status: z.enum(DD_IMPORT_ROW_STATUSES),
  reason: z.string().optional(),
  id: z.number().int().optional(),
});
export type DdImportRow = z.infer<typeof DdImportRow>;

export const DdImportReport = z.object({
  imported: z.number().int(),
  refused: z.number().int(),
  rows: z.array(DdImportRow),
});
export type DdImportReport = z.infer<typeof DdImportReport>;
