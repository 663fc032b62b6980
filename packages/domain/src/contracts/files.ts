import { z } from 'zod';
import type { StaffRole } from '../roles.ts';
import { DB_ID_MAX } from './common.ts';

/**
 * The one file store's API (issue 12, SPEC section 7 "Static, platform, files"): uploads of images
 * (`POST /api/v1/images`) and documents (`POST /api/v1/docs`) by anyone signed in, and the stored
 * file's record and bytes, read through an authorised route only.
 */

/** Images: 10 MB; documents: 50 MB (issue 12), counted on the bytes as they arrive. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const DOC_MAX_BYTES = 50 * 1024 * 1024;

/**
 * What an image is for; the multipart field of the file is named by it (SPEC: "a field named by
 * type, default image"): a company's avatar and pictures, a case's media.
 */
export const IMAGE_UPLOAD_TYPES = ['image', 'avatar', 'images', 'image_map', 'medias'] as const;
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];

/**
 * What a document is for: the term sheet's files (SPEC section 3: loi, nda, presentationFile), the
 * company's fundraising documents (SPEC section 3 "Company"), the signed legal documents, other.
 */
export const DOC_UPLOAD_TYPES = [
  'loi',
  'nda',
  'coi',
  'subscription',
  'presentationFile',
  'accountant_financial_statements',
  'self_settlement_financial_statements',
  'cap_table',
  'fundraising_briefing',
  'budget_plan',
  'company_policy',
  'company_change_registration',
  'other_fundraising_doc',
  'other',
] as const;
export type DocUploadType = (typeof DOC_UPLOAD_TYPES)[number];

export const FILE_KINDS = ['image', 'doc'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Who uploaded a file: a staff member, an investor client or a startup user, by their own id. */
export const FILE_OWNER_KINDS = ['employee', 'client', 'startup'] as const;
export type FileOwnerKind = (typeof FILE_OWNER_KINDS)[number];
export const FileOwner = z.object({ kind: z.enum(FILE_OWNER_KINDS), id: z.number().int() });
export type FileOwner = z.infer<typeof FileOwner>;

export const FileParams = z.object({ id: z.coerce.number().int().positive().max(DB_ID_MAX) });

/** `type` may also come as a multipart field (before the file, for images: it names the file's field). */
export const ImageUploadQuery = z.object({ type: z.enum(IMAGE_UPLOAD_TYPES).optional() });
export type ImageUploadQuery = z.infer<typeof ImageUploadQuery>;
export const DocUploadQuery = z.object({ type: z.enum(DOC_UPLOAD_TYPES).optional() });
export type DocUploadQuery = z.infer<typeof DocUploadQuery>;

/** The multipart fields besides the file. */
export const ImageUploadFields = z.object({ type: z.enum(IMAGE_UPLOAD_TYPES).optional() }).strict();
export const DocUploadFields = z.object({ type: z.enum(DOC_UPLOAD_TYPES) }).strict();

/** Where a stored file's bytes are read, with the Authorization header (never a public address). */
export const fileContentPath = (id: number) => `/api/v1/files/${id}/content`;

/** A stored file. `path` is its authorised download path; the storage key is never shown. */
export const StoredFileInfo = z.object({
  id: z.number().int(),
  path: z.string(),
  /** The display name (sanitised; the extension of what the bytes are). */
  name: z.string(),
  size: z.number().int(),
  /** What the bytes are, as found in them (not as the uploader's browser declared). */
  mime: z.string(),
  sha256: z.string(),
  kind: z.enum(FILE_KINDS),
  type: z.enum([...IMAGE_UPLOAD_TYPES, ...DOC_UPLOAD_TYPES]),
  owner: FileOwner,
  created_at: z.string(),
});
export type StoredFileInfo = z.infer<typeof StoredFileInfo>;

/** Who is asking, as far as the file rules need: a staff member's role and whether the account is active. */
export type FileActor =
  | { kind: 'employee'; id: number; role: StaffRole; active: boolean }
  | { kind: 'client' | 'startup'; id: number };

const isOwner = (actor: FileActor, owner: FileOwner) => actor.kind === owner.kind && actor.id === owner.id;

/**
 * Who may read a stored file (its record and its bytes): its owner, and active staff. Investors and
 * startups reach only their own files; to them another's file does not exist (404, not 403).
 * Later issues add "readable through what references it" here (a case's term sheet read by the
 * investors of that case), so every route keeps asking this one function.
 */
export function mayReadStoredFile(actor: FileActor, owner: FileOwner): boolean {
  if (isOwner(actor, owner)) return true;
  return actor.kind === 'employee' && actor.active;
}

/** Who may delete a stored file: its owner, or an active admin. */
export function mayDeleteStoredFile(actor: FileActor, owner: FileOwner): boolean {
  if (isOwner(actor, owner)) return true;
  return actor.kind === 'employee' && actor.active && actor.role === 'admin';
}
