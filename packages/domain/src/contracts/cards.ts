import { z } from 'zod';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';

/**
 * The business-card book (issue 11, SPEC sections 3 and 7 "Cards"): the firm's directory of the
 * people staff meet. Each card is owned by whoever created it; others see it by a grant.
 */

/** What one employee may do with one card (SPEC section 6: permissions per card and per employee). */
export const CARD_PERMISSIONS = ['none', 'read', 'edit'] as const;
export type CardPermission = (typeof CARD_PERMISSIONS)[number];

/**
 * What the caller may do with a card, as the card tells them: `manage` (the owner and admin: edit
 * and grant), `edit` (fields and groups) or `read`. A card they may not read is never shown.
 */
export const CARD_ACCESS = ['manage', 'edit', 'read'] as const;
export type CardAccess = (typeof CARD_ACCESS)[number];

export const CARD_TEXT_MAX = 200;
export const CARD_ADDRESS_MAX = 500;
export const CARD_NOTES_MAX = 5000;
export const CARD_LIST_ITEMS_MAX = 20;
export const CARD_TAG_MAX = 50;
export const CARD_GROUP_NAME_MAX = 100;
/** Groups one card may be in at once. */
export const CARD_GROUPS_MAX = 100;
/** The photo of the paper card: images only, at most 5 MB. */
export const CARD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp'] as const;
/** One import takes at most this many cards; an export gives at most this many. */
export const CARD_IMPORT_MAX_ROWS = 5000;
export const CARD_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CARD_EXPORT_MAX_ROWS = 5000;

const requiredText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is required` })
    .max(max, { message: `${what} has at most ${max} characters` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters` })
    .nullable();
const textList = (max: number) =>
  z
    .array(z.string().trim().min(1).max(max))
    .max(CARD_LIST_ITEMS_MAX, { message: `At most ${CARD_LIST_ITEMS_MAX} entries` });

/** The photo of a card, when it has one: fetched through `GET cards/{id}/image` with the token. */
export const CardImage = z.object({ mime: z.string(), size: z.number().int(), updated_at: z.string() });
export type CardImage = z.infer<typeof CardImage>;

export const CardGroupRef = z.object({ id: z.number().int(), name: z.string() });
export type CardGroupRef = z.infer<typeof CardGroupRef>;

export const Card = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  image: CardImage.nullable(),
  groups: z.array(CardGroupRef),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the caller may do with this card. */
  access: z.enum(CARD_ACCESS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Card = z.infer<typeof Card>;

export const CARD_SORT_FIELDS = ['name', 'company', 'created_at', 'updated_at', 'id'] as const;
export type CardSortField = (typeof CARD_SORT_FIELDS)[number];
export const CARD_LIST_DEFAULTS = { page: 1, size: 20, sort: 'name:asc' } as const;

const cardFilters = {
  /** A part of the name, company, an email or a phone, any case. */
  q: z.string().trim().max(200).optional(),
  tag: z.string().trim().min(1).max(CARD_TAG_MAX).optional(),
  group_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
};

/** `GET cards`: `all=1` or paging, sort, and the filters; only cards the caller may read. */
export const CardListQuery = PageQuery.extend({
  sort: sortParam(CARD_SORT_FIELDS).optional(),
  ...cardFilters,
});
export type CardListQuery = z.infer<typeof CardListQuery>;

/** `GET cards/export`: the readable cards the filters match, as vCard. */
export const CardExportQuery = z.object(cardFilters);
export type CardExportQuery = z.infer<typeof CardExportQuery>;

const cardFields = {
  name: requiredText(CARD_TEXT_MAX, 'Name'),
  company: optionalText(CARD_TEXT_MAX),
  title: optionalText(CARD_TEXT_MAX),
  phones: textList(50),
  emails: z
    .array(z.string().trim().toLowerCase().email({ message: 'Not an email address' }).max(254))
    .max(CARD_LIST_ITEMS_MAX, { message: `At most ${CARD_LIST_ITEMS_MAX} entries` }),
  address: optionalText(CARD_ADDRESS_MAX),
  notes: optionalText(CARD_NOTES_MAX),
  tags: textList(CARD_TAG_MAX),
};

/** `POST cards`: a name, the rest optional (the caller becomes the owner). */
export const CardCreateBody = z
  .object({
    ...cardFields,
    company: cardFields.company.optional(),
    title: cardFields.title.optional(),
    phones: cardFields.phones.optional(),
    emails: cardFields.emails.optional(),
    address: cardFields.address.optional(),
    notes: cardFields.notes.optional(),
    tags: cardFields.tags.optional(),
    group_ids: z.array(z.number().int().positive().max(DB_ID_MAX)).max(CARD_GROUPS_MAX).optional(),
  })
  .strict();
export type CardCreateBody = z.infer<typeof CardCreateBody>;

/** `PUT cards/{id}`: the fields to change; an empty text clears it. */
export const CardUpdateBody = z.object(cardFields).partial().strict();
export type CardUpdateBody = z.infer<typeof CardUpdateBody>;

/** `PUT cards/{id}/groups`: the groups the card is in from now on (SPEC section 7). */
export const CardGroupsBody = z
  .object({ group_ids: z.array(z.number().int().positive().max(DB_ID_MAX)).max(CARD_GROUPS_MAX) })
  .strict();
export type CardGroupsBody = z.infer<typeof CardGroupsBody>;

export const CardGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Whether the caller may rename or delete it (its creator and admin). */
  can_manage: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CardGroup = z.infer<typeof CardGroup>;

const groupName = requiredText(CARD_GROUP_NAME_MAX, 'Name');
export const CardGroupCreateBody = z.object({ name: groupName }).strict();
export type CardGroupCreateBody = z.infer<typeof CardGroupCreateBody>;
/** `PUT cards/groups` (SPEC section 7: the group's id in the body) renames one group. */
export const CardGroupRenameBody = z
  .object({ id: z.number().int().positive().max(DB_ID_MAX), name: groupName })
  .strict();
export type CardGroupRenameBody = z.infer<typeof CardGroupRenameBody>;

/** One employee's permission on a card. */
export const CardGrant = z.object({
  employee_id: z.number().int(),
  employee_name: z.string().nullable(),
  /** `owner` for the card's creator, whose rights no grant changes. */
  permission: z.enum([...CARD_PERMISSIONS, 'owner']),
});
export type CardGrant = z.infer<typeof CardGrant>;

export const CardGrantBody = z.object({ permission: z.enum(CARD_PERMISSIONS) }).strict();
export type CardGrantBody = z.infer<typeof CardGrantBody>;

/** `PUT cards/{id}/permissions`: several employees' permissions at once (the others unchanged). */
export const CardGrantsBody = z
  .object({
    permissions: z
      .array(
        z
          .object({
            employee_id: z.number().int().positive().max(DB_ID_MAX),
            permission: z.enum(CARD_PERMISSIONS),
          })
          .strict(),
      )
      .min(1)
      .max(500),
  })
  .strict();
export type CardGrantsBody = z.infer<typeof CardGrantsBody>;

export const CardGrantParams = z.object({
  id: z.coerce.number().int().positive().max(DB_ID_MAX),
  employee_id: z.coerce.number().int().positive().max(DB_ID_MAX),
});

export const CardImportQuery = z.object({
  dry_run: z
    .union([z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false')])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type CardImportQuery = z.infer<typeof CardImportQuery>;

/** Per row (CSV/XLSX row or vCard entry) of an import: created or refused, and why. */
export const CardImportReport = z.object({
  dry_run: z.boolean(),
  format: z.enum(['table', 'vcard']),
  created: z.number().int(),
  refused: z.number().int(),
  ignored_columns: z.array(z.string()),
  rows: z.array(
    z.object({
      row: z.number().int(),
      outcome: z.enum(['created', 'refused']),
      name: z.string().nullable(),
      card_id: z.number().int().nullable(),
      issues: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
    }),
  ),
});
export type CardImportReport = z.infer<typeof CardImportReport>;
