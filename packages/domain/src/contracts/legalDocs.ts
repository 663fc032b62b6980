import { z } from 'zod';
import { formatMoney } from '../format.ts';
import {
  CONTRACT_CONSTANTS,
  CONTRACT_LANGS,
  INVESTOR_DOC_KINDS,
  LEGAL_DOC_KINDS,
  LEGAL_TEMPLATES,
  type ContractLang,
  type ContractValues,
  TEMPLATE_CLAUSES,
  templateIssues,
} from '../legalTemplates.ts';

/**
 * The contract configuration (issue 12, `/dashboard/config/contract`, admin only): the platform's
 * party details, the seat of arbitration, the fund notice figures (SPEC section 9) and the clause
 * texts of the four legal documents. Stored once as the default (config key `contact`, the name
 * the original front end's calls use: `GET`/`PUT api/internal/v1/config/contact`) and optionally
 * per case (`api/internal/v1/cases/{id}/contract-config`), where only what differs is kept.
 */

/** The config key of the contract configuration (SPEC section 7 `config/contact`). */
export const CONTRACT_CONFIG_KEY = 'contact';

const line = (max: number) => z.string().trim().min(1).max(max);

/** A percentage with at most two decimals, 0–100. */
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: 'Use at most two decimals',
  });

/** SPEC section 9 "Fund notice placeholders". */
export const FundNoticeFigures = z.object({
  management_fee_percent: percent,
  term_years: z.number().int().min(1).max(30),
  extension_years: z.number().int().min(0).max(10),
  extension_count: z.number().int().min(0).max(10),
  /** The administrative reserve as an amount (NT$), or… */
  admin_reserve_amount: z.number().int().min(0).max(1_000_000_000_000),
  /** …as a percent of total commitment, whichever is higher. */
  admin_reserve_percent: percent,
  performance_bonus_percent: percent,
});
export type FundNoticeFigures = z.infer<typeof FundNoticeFigures>;

export const ContractParty = z.object({
  name: line(200),
  representative: line(100),
  address: line(300),
});
export type ContractParty = z.infer<typeof ContractParty>;

const LangTexts = z
  .object({ 'zh-TW': z.string().max(4000).optional(), en: z.string().max(4000).optional() })
  .strict();

/** Clause texts by clause key; every key must be a clause and every text may use only the variables. */
export const ClauseTexts = z.record(z.string(), LangTexts).superRefine((texts, ctx) => {
  for (const [key, byLang] of Object.entries(texts)) {
    if (!TEMPLATE_CLAUSES.has(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Unknown clause ${key}` });
      continue;
    }
    for (const lang of CONTRACT_LANGS) {
      const text = byLang[lang];
      if (text === undefined) continue;
      for (const issue of templateIssues(text))
        ctx.addIssue({ code: 'custom', path: [key, lang], message: issue });
    }
  }
});
export type ClauseTexts = z.infer<typeof ClauseTexts>;

export const ContractConfig = z.object({
  party: ContractParty,
  arbitration_city: z.object({ 'zh-TW': line(50), en: line(50) }),
  figures: FundNoticeFigures,
  texts: ClauseTexts,
});
export type ContractConfig = z.infer<typeof ContractConfig>;

/** What a case changes of the default: any of the figures, the seat, clause texts. */
export const CaseContractOverride = z.object({
  figures: FundNoticeFigures.partial().optional(),
  texts: ClauseTexts.optional(),
});
export type CaseContractOverride = z.infer<typeof CaseContractOverride>;

/** `GET api/internal/v1/cases/{id}/contract-config`: the case's own changes and what applies. */
export const CaseContractConfig = z.object({
  case_id: z.number().int(),
  override: CaseContractOverride,
  effective: ContractConfig,
  updated_at: z.string().nullable(),
});
export type CaseContractConfig = z.infer<typeof CaseContractConfig>;

export const DEFAULT_CONTRACT_CONFIG: ContractConfig = {
  party: {
    name: 'Dealflow 創業投資股份有限公司',
    representative: '王大明',
    address: '臺北市信義區信義路五段 7 號',
  },
  arbitration_city: { 'zh-TW': '臺北市', en: 'Taipei' },
  figures: {
    management_fee_percent: 2.5,
    term_years: 7,
    extension_years: 1,
    extension_count: 2,
    admin_reserve_amount: 500_000,
    admin_reserve_percent: 0.5,
    performance_bonus_percent: 20,
  },
  texts: {},
};

/** The default with a case's changes applied (a case's text replaces the default's per language). */
export function effectiveContractConfig(
  base: ContractConfig,
  override: CaseContractOverride,
): ContractConfig {
  const texts: ClauseTexts = { ...base.texts };
  for (const [key, byLang] of Object.entries(override.texts ?? {})) texts[key] = { ...texts[key], ...byLang };
  return { ...base, figures: { ...base.figures, ...override.figures }, texts };
}

/** Who signs and about what: the rest of a document's values. */
export interface ContractSubject {
  signerName: string;
  signerEmail: string;
  companyName: string;
  /** NT$ of the signer's commitment; null leaves a line to fill in by hand. */
  commitmentAmount: number | null;
  /** YYYY-MM-DD, the effective date. */
  date: string;
  /** A COI's declaration; null (not declared yet) leaves lines to fill in. */
  conflict?: ConflictDeclaration | null;
  /** The case's round as the startup LOI states it; a figure not known reads "to be agreed". */
  deal?: CaseDealTerms | null;
}

/** The case's figures the startup LOI states (issue 14), in the case's currency. */
export interface CaseDealTerms {
  round: string | null;
  raisingAmount: number | null;
  valuation: number | null;
  pricePerShare: number | null;
  currency: string;
}

const TO_BE_AGREED = { 'zh-TW': '待議定', en: 'to be agreed' } as const;

function dealValues(deal: CaseDealTerms | null, lang: ContractLang) {
  const open = TO_BE_AGREED[lang];
  const money = (v: number | null | undefined) =>
    v === null || v === undefined || !deal ? open : formatMoney(v, deal.currency);
  return {
    round: deal?.round?.trim() || open,
    raising_amount: money(deal?.raisingAmount),
    valuation: money(deal?.valuation),
    price_per_share: money(deal?.pricePerShare),
  };
}

const BLANK = '＿＿＿＿＿＿';

const percentText = (v: number) => String(Number(v.toFixed(2)));

/** Every placeholder's text for one document in one language. */
export function contractValues(
  config: ContractConfig,
  subject: ContractSubject,
  lang: ContractLang,
): ContractValues {
  const money = (v: number) => formatMoney(v, 'NTD');
  const fundName =
    lang === 'zh-TW'
      ? `${subject.companyName}專案投資有限合夥`
      : `${subject.companyName} SPV Limited Partnership`;
  return {
    party_name: config.party.name,
    party_representative: config.party.representative,
    party_address: config.party.address,
    signer_name: subject.signerName,
    signer_email: subject.signerEmail,
    company_name: subject.companyName,
    fund_name: fundName,
    commitment_amount: subject.commitmentAmount === null ? BLANK : money(subject.commitmentAmount),
    date: subject.date,
    confidentiality_years: String(CONTRACT_CONSTANTS.confidentiality_years),
    loi_restriction_years: String(CONTRACT_CONSTANTS.loi_restriction_years),
    arbitrators: String(CONTRACT_CONSTANTS.arbitrators),
    exclusivity_days: String(CONTRACT_CONSTANTS.exclusivity_days),
    ...dealValues(subject.deal ?? null, lang),
    arbitration_city: config.arbitration_city[lang],
    management_fee_percent: percentText(config.figures.management_fee_percent),
    term_years: String(config.figures.term_years),
    extension_years: String(config.figures.extension_years),
    extension_count: String(config.figures.extension_count),
    admin_reserve_amount: money(config.figures.admin_reserve_amount),
    admin_reserve_percent: percentText(config.figures.admin_reserve_percent),
    performance_bonus_percent: percentText(config.figures.performance_bonus_percent),
    ...conflictValues(subject.conflict ?? null, lang),
  };
}

// ---------------------------------------------------------------------------------------------
// The COI's declaration (issue 13): the signer states "no conflict", or "conflict" with what it
// is. It is printed in the COI's fixed clause `coi.conflict`, so it is part of what is signed; a
// signed COI declaring a conflict recuses the investor from the case's IC discussion and allocation.

export const CONFLICT_DESCRIPTION_MAX = 2000;

export const ConflictDeclaration = z
  .object({
    conflict: z.boolean(),
    /** What the conflict is: required with a conflict, dropped without one. */
    description: z.string().trim().max(CONFLICT_DESCRIPTION_MAX).nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.conflict && !v.description)
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Describe the conflict' });
  });
export type ConflictDeclaration = z.infer<typeof ConflictDeclaration>;

/** The declaration as stored: a description only with a conflict. */
export function normalizeDeclaration(v: ConflictDeclaration): {
  conflict: boolean;
  description: string | null;
} {
  return { conflict: v.conflict, description: v.conflict ? (v.description ?? null) : null };
}

/** The declaration as the API shows it. */
export const ConflictDeclarationView = z.object({
  conflict: z.boolean(),
  description: z.string().nullable(),
});

const CONFLICT_TEXTS = {
  'zh-TW': { none: '無利益衝突', conflict: '有利益衝突', noDetails: '無' },
  en: { none: 'no conflict of interest', conflict: 'a conflict of interest', noDetails: 'none' },
} as const;

/** `conflict_status` and `conflict_description` for a declaration (blank lines before one is made). */
export function conflictValues(
  declaration: ConflictDeclaration | null,
  lang: ContractLang,
): { conflict_status: string; conflict_description: string } {
  const texts = CONFLICT_TEXTS[lang];
  if (!declaration) return { conflict_status: BLANK, conflict_description: BLANK };
  return {
    conflict_status: declaration.conflict ? texts.conflict : texts.none,
    conflict_description: declaration.conflict ? (declaration.description ?? BLANK) : texts.noDetails,
  };
}

/**
 * The COI's declaration clause filled for a declaration: what replaces the clause of a COI already
 * generated when its signer declares before signing (every other clause stays as it was sent).
 */
export function fillConflictClause(
  lang: ContractLang,
  declaration: ConflictDeclaration | null,
): { key: string; heading: string; body: string } {
  const clause = LEGAL_TEMPLATES.coi.clauses.find((c) => c.key === 'coi.conflict');
  if (!clause) throw new Error('The COI template has no declaration clause');
  const values = conflictValues(declaration, lang);
  return {
    key: clause.key,
    heading: clause.heading[lang],
    body: clause.body[lang].replace(
      /\{\{\s*(conflict_status|conflict_description)\s*\}\}/g,
      (_m, name: 'conflict_status' | 'conflict_description') => values[name],
    ),
  };
}

/** `GET api/internal/v1/cases/{id}/recusals`: an investor recused by a signed COI declaring a conflict. */
export const CaseRecusal = z.object({
  client: z.object({ id: z.number().int(), name: z.string() }),
  document: z.object({ id: z.number().int(), title: z.string() }),
  description: z.string().nullable(),
  /** When the COI was signed: the recusal holds from then until it is voided. */
  recused_at: z.string(),
});
export type CaseRecusal = z.infer<typeof CaseRecusal>;

/** `GET api/internal/v1/config/{key}`: the key names a configuration (`contact`: the contract one). */
export const ConfigKeyParams = z.object({ key: z.string().min(1).max(100) });

/** The contract configuration as stored (the default when never saved) and when it was saved. */
export const ContractConfigView = z.object({
  key: z.literal(CONTRACT_CONFIG_KEY),
  value: ContractConfig,
  updated_at: z.string().nullable(),
});
export type ContractConfigView = z.infer<typeof ContractConfigView>;

/**
 * Optimistic concurrency: `updated_at` as read. When the stored configuration was saved since,
 * the write is refused (409 CONFIG_CHANGED) instead of silently undoing a colleague's change.
 * Left out, the write simply wins.
 */
const expectedUpdatedAt = z.string().datetime({ offset: true }).nullable().optional();

export const ContractConfigBody = ContractConfig.extend({ updated_at: expectedUpdatedAt });
export type ContractConfigBody = z.infer<typeof ContractConfigBody>;

export const CaseContractConfigBody = CaseContractOverride.extend({ updated_at: expectedUpdatedAt });
export type CaseContractConfigBody = z.infer<typeof CaseContractConfigBody>;

/**
 * `POST api/internal/v1/config/contact/preview`: one document as PDF from a configuration not yet
 * saved (the form as it is), filled for a sample signer; with `case_id`, the company is that case.
 */
export const ContractPreviewBody = z
  .object({
    config: ContractConfig,
    kind: z.enum(LEGAL_DOC_KINDS),
    lang: z.enum(CONTRACT_LANGS),
    case_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type ContractPreviewBody = z.infer<typeof ContractPreviewBody>;

// ---------------------------------------------------------------------------------------------
// Generated legal documents (issue 12): one document of one kind for one signer (an investor
// client, or for a startup LOI the case's startup user, issue 14) on one case, generated as PDF from the case's contract configuration, then sent,
// signed (with evidence) or voided. Every step is an event of the document's hash-chained trail.

export const LEGAL_DOC_STATUSES = ['draft', 'sent', 'signed', 'void'] as const;
export type LegalDocStatus = (typeof LEGAL_DOC_STATUSES)[number];

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

export const LegalDocumentParams = z.object({ id: dbId });

export const LegalDocumentCreateBody = z
  .object({
    kind: z.enum(LEGAL_DOC_KINDS),
    /** The investor who signs; left out for a startup LOI, which the case's startup signs. */
    client_id: dbId.optional(),
    lang: z.enum(CONTRACT_LANGS).default('zh-TW'),
    /** NT$ of the signer's intended investment or commitment (LOI, subscription); blank leaves a line. */
    commitment_amount: z.number().int().min(0).max(10_000_000_000_000).nullable().optional(),
    /** A COI's declaration, when staff already know it (else the investor declares before signing). */
    conflict_declaration: ConflictDeclaration.nullable().optional(),
  })
  .strict()
  .refine((v) => !v.conflict_declaration || v.kind === 'coi', {
    path: ['conflict_declaration'],
    message: 'Only a COI carries a conflict declaration',
  })
  .refine((v) => v.kind === 'startup_loi' || v.client_id !== undefined, {
    path: ['client_id'],
    message: 'Choose the investor who signs',
  })
  .refine((v) => v.kind !== 'startup_loi' || v.client_id === undefined, {
    path: ['client_id'],
    message: "A startup LOI is signed by the case's startup, not an investor",
  });
export type LegalDocumentCreateBody = z.infer<typeof LegalDocumentCreateBody>;

export const LegalDocumentVoidBody = z.object({ reason: line(500) }).strict();
export type LegalDocumentVoidBody = z.infer<typeof LegalDocumentVoidBody>;

export const LegalDocument = z.object({
  id: z.number().int(),
  kind: z.enum(LEGAL_DOC_KINDS),
  lang: z.enum(CONTRACT_LANGS),
  status: z.enum(LEGAL_DOC_STATUSES),
  title: z.string(),
  case: z.object({ id: z.number().int(), name: z.string() }),
  /** Who signs: an investor client, or the startup user of the case (a startup LOI, issue 14). */
  signer: z.object({
    kind: z.enum(['client', 'startup']),
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
  }),
  /** The investor who signs; null for a document the startup signs. */
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  commitment_amount: z.number().nullable(),
  /** SHA-256 of the PDF as generated (what the signer is shown). */
  sha256: z.string(),
  /** SHA-256 of the signed PDF, once signed. */
  signed_sha256: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** A COI's declaration; null until declared (and for every other kind). */
  conflict_declaration: ConflictDeclarationView.nullable(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

export const LEGAL_DOC_EVENT_KINDS = [
  'created',
  'sent',
  'viewed',
  'consented',
  'code_sent',
  'code_failed',
  'code_verified',
  'signed',
  'voided',
  // A COI's signer declared (or changed) their conflict: the PDF was laid out again (new SHA-256).
  'declared',
] as const;
export type LegalDocEventKind = (typeof LEGAL_DOC_EVENT_KINDS)[number];

export const LegalDocumentEvent = z.object({
  seq: z.number().int(),
  kind: z.string(),
  at: z.string(),
  actor: z.object({ type: z.string(), id: z.number().int().nullable() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  prev_hash: z.string(),
  hash: z.string(),
});
export type LegalDocumentEvent = z.infer<typeof LegalDocumentEvent>;

/** `GET …/documents/{id}/verify`: the trail recomputed and the stored PDFs hashed again. */
export const LegalDocumentVerification = z.object({
  document_id: z.number().int(),
  /** Everything matches: the trail is unbroken and complete, and each PDF is the one recorded. */
  ok: z.boolean(),
  chain: z.object({ ok: z.boolean(), broken_at: z.number().int().nullable(), events: z.number().int() }),
  /** The trail holds as many events as the document counted (a removed last event is found too). */
  complete: z.boolean(),
  document: z.object({ ok: z.boolean(), sha256: z.string().nullable() }),
  signed: z
    .object({
      ok: z.boolean(),
      sha256: z.string().nullable(),
      /**
       * The PAdES seal of the signed PDF: present and valid over the bytes (`intact`), covering
       * the whole file (nothing appended after sealing), and made with this platform's certificate.
       */
      seal: z
        .object({
          intact: z.boolean(),
          covers_whole_file: z.boolean(),
          ours: z.boolean(),
          signed_at: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  events: z.array(LegalDocumentEvent),
});
export type LegalDocumentVerification = z.infer<typeof LegalDocumentVerification>;

export const LegalDocumentListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    size: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type LegalDocumentListQuery = z.infer<typeof LegalDocumentListQuery>;

export const LegalDocumentPdfQuery = z
  .object({ signed: z.enum(['0', '1', 'true', 'false']).optional() })
  .strict();

// ---------------------------------------------------------------------------------------------
// Signing by the investor (issue 12, "signing with evidence"): the signer opens the document
// (`viewed`), agrees to sign electronically and types (or also draws) their name (`consented`),
// receives a six-digit code by mail (`code_sent`) and confirms with it (`code_verified`, then
// `signed`): the signed PDF carries a completion certificate page and the platform's seal.

/** What the signer agrees to, recorded word for word in the trail and on the certificate. */
export const SIGNING_CONSENT: Record<ContractLang, string> = {
  'zh-TW': '本人已閱讀本文件全文，同意以電子方式簽署，並同意本電子簽章與親筆簽名具有同等效力。',
  en: 'I have read this document in full, agree to sign it electronically, and agree that this electronic signature has the same effect as my handwritten signature.',
};

/** The one-time code: six digits, alive 10 minutes, 5 tries; at most 5 codes per document an hour. */
export const SIGN_CODE = { digits: 6, ttlMinutes: 10, maxAttempts: 5, sendsPerHour: 5 } as const;

/** A drawn signature: a PNG data URL, at most this many characters (≈ 150 kB of image). */
export const SIGNATURE_PNG_MAX_CHARS = 200_000;

export const SignStartBody = z
  .object({
    /** The signer ticked the consent statement of `lang`. */
    consent: z.literal(true),
    lang: z.enum(CONTRACT_LANGS).default('zh-TW'),
    /** The signer's typed name. */
    name: line(100),
    /** The signer's drawn signature, a PNG data URL. */
    drawn_png: z
      .string()
      .max(SIGNATURE_PNG_MAX_CHARS)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'A PNG data URL')
      .nullable()
      .optional(),
  })
  .strict();
export type SignStartBody = z.infer<typeof SignStartBody>;

export const SignStart = z.object({
  /** The address the code went to, masked (`in***@example.com`). */
  sent_to: z.string(),
  expires_at: z.string(),
  /** Codes this document may still be sent this hour. */
  sends_left: z.number().int(),
});
export type SignStart = z.infer<typeof SignStart>;

export const SignConfirmBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Six digits'),
  })
  .strict();
export type SignConfirmBody = z.infer<typeof SignConfirmBody>;

/** `a***@example.com`: enough for the signer to recognise their address, not to read it off a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const visible = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${visible}***${email.slice(at)}`;
}
// Batches (issue 12 "background work"): one kind of document for many investors of a case,
// generated by the job queue rather than inside the request. The request answers at once with
// the batch; its progress is read until every investor has a document or an error.

/** How many investors one batch takes at most. */
export const LEGAL_DOC_BATCH_MAX = 500;

export const LEGAL_DOC_BATCH_STATUSES = ['queued', 'running', 'done'] as const;
export type LegalDocBatchStatus = (typeof LEGAL_DOC_BATCH_STATUSES)[number];

const commitmentAmount = z.number().int().min(0).max(10_000_000_000_000).nullable();

export const LegalDocumentBatchCreateBody = z
  .object({
    kind: z.enum(INVESTOR_DOC_KINDS),
    lang: z.enum(CONTRACT_LANGS).default('zh-TW'),
    /** The signers, each once. */
    client_ids: z.array(dbId).min(1).max(LEGAL_DOC_BATCH_MAX),
    /** NT$ per signer (LOI, subscription), keyed by client id; a signer left out gets a blank line. */
    commitment_amounts: z.record(z.string().regex(/^[1-9]\d{0,9}$/), commitmentAmount).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.client_ids.forEach((id, i) => {
      if (seen.has(id))
        ctx.addIssue({ code: 'custom', path: ['client_ids', i], message: `Client ${id} is listed twice` });
      seen.add(id);
    });
    for (const key of Object.keys(body.commitment_amounts ?? {})) {
      if (!seen.has(Number(key)))
        ctx.addIssue({
          code: 'custom',
          path: ['commitment_amounts', key],
          message: `Client ${key} is not among client_ids`,
        });
    }
  });
export type LegalDocumentBatchCreateBody = z.infer<typeof LegalDocumentBatchCreateBody>;

export const LegalDocumentBatchParams = z.object({ id: dbId });

export const LegalDocumentBatchItem = z.object({
  client: z.object({ id: z.number().int(), name: z.string() }),
  /** The generated document, once it is. */
  document_id: z.number().int().nullable(),
  /** Why this investor got no document (an error code of the catalogue and its message). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type LegalDocumentBatchItem = z.infer<typeof LegalDocumentBatchItem>;

export const LegalDocumentBatch = z.object({
  id: z.number().int(),
  case_id: z.number().int(),
  kind: z.enum(LEGAL_DOC_KINDS),
  lang: z.enum(CONTRACT_LANGS),
  /** Queued until the job takes it, running meanwhile, done when no investor is left. */
  status: z.enum(LEGAL_DOC_BATCH_STATUSES),
  total: z.number().int(),
  /** Investors with a document. */
  done: z.number().int(),
  /** Investors with an error instead. */
  failed: z.number().int(),
  items: z.array(LegalDocumentBatchItem),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LegalDocumentBatch = z.infer<typeof LegalDocumentBatch>;
