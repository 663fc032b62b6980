import { z } from 'zod';
import { CONTACT_STAGES, MEMBERSHIP_TIERS } from '../stages.ts';
import { DB_ID_MAX, PageQuery, sortParam } from './common.ts';

/** Longest group name and description the API takes (a name is a label, not a paragraph). */
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

/**
 * A client group (SPEC section 3 "Client group", issue 9): a named set of investor clients staff
 * mail or invite together. `member_count` counts the members the asking staff member may see
 * (SPEC section 6), so it always matches the group's client list for them.
 */
export const Group = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof Group>;

export const GROUP_SORT_FIELDS = ['name', 'member_count', 'created_at', 'updated_at', 'id'] as const;
export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];
/** Groups by name unless asked otherwise; paging as every list (SPEC section 7). */
export const GROUP_LIST_DEFAULTS = { page: 1, size: 20, sort: 'name:asc' } as const;

/**
 * `GET groups`: paging (or `all=1`), sort, `q` (a part of the name, any case) and `client_id`
 * (the groups this client belongs to, for the client's page).
 */
export const GroupListQuery = PageQuery.extend({
  sort: sortParam(GROUP_SORT_FIELDS).optional(),
  q: z.string().trim().max(200).optional(),
  client_id: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
});
export type GroupListQuery = z.infer<typeof GroupListQuery>;

const name = z
  .string()
  .trim()
  .min(1, { message: 'Name is required' })
  .max(GROUP_NAME_MAX, { message: `A group name has at most ${GROUP_NAME_MAX} characters` });
const description = z
  .string()
  .trim()
  .max(GROUP_DESCRIPTION_MAX, {
    message: `A description has at most ${GROUP_DESCRIPTION_MAX} characters`,
  });

/** `POST groups`. Names are unique whatever their case. */
export const GroupCreateBody = z.object({ name, description: description.nullish() }).strict();
export type GroupCreateBody = z.infer<typeof GroupCreateBody>;

/** `PUT groups/{id}`: rename and/or describe; an empty description clears it. */
export const GroupUpdateBody = z.object({ name, description: description.nullable() }).partial().strict();
export type GroupUpdateBody = z.infer<typeof GroupUpdateBody>;

/** `POST groups/{id}/join` and `DELETE groups/{id}/remove` (SPEC section 7: body `client_id`). */
export const GroupMemberBody = z.object({ client_id: z.number().int().positive().max(DB_ID_MAX) }).strict();
export type GroupMemberBody = z.infer<typeof GroupMemberBody>;

/** A member of a group as the group's client list shows it: a client list row, and when it joined. */
export const GroupMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  membership: z.enum(MEMBERSHIP_TIERS),
  process_status: z.enum(CONTACT_STAGES),
  joined_at: z.string(),
});
export type GroupMember = z.infer<typeof GroupMember>;

/** The reply of a join: the member, and whether this call added it (false: it was in already). */
export const GroupJoinResult = GroupMember.extend({ added: z.boolean() });
export type GroupJoinResult = z.infer<typeof GroupJoinResult>;

export const GROUP_MEMBER_SORT_FIELDS = ['name', 'membership', 'process_status', 'joined_at'] as const;
export type GroupMemberSortField = (typeof GROUP_MEMBER_SORT_FIELDS)[number];
export const GROUP_MEMBER_LIST_DEFAULTS = { page: 1, size: 20, sort: 'name:asc' } as const;

/** `GET groups/{id}/clients`: paging (or `all=1`) and sort. */
export const GroupMemberListQuery = PageQuery.extend({
  sort: sortParam(GROUP_MEMBER_SORT_FIELDS).optional(),
});
export type GroupMemberListQuery = z.infer<typeof GroupMemberListQuery>;
