import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type CaseDealTerms,
  DOC_MAX_BYTES,
  type LegalDocumentCreateBody,
  type LegalDocumentVoidBody,
  canEditCase,
  caseCodeName,
  normalizeDeclaration,
  sanitizeFileName,
} from '@dealflow/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type ChainEvent, chainNext, verifyChain } from '../../lib/auditChain.ts';
import { type ServiceContext, staffActor, type WorkContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { SealIdentity } from '../../lib/pdf/seal.ts';
import { StoredFileMissing } from '../../lib/storage.ts';
import { recordActivity } from '../activity/repository.ts';
import { findCase } from '../cases/repository.ts';
import type { cases } from '../../db/schema/index.ts';
import { findClient } from '../clients/repository.ts';
import { renderLegalDocument } from '../contractConfig/render.ts';
import { effectiveCaseConfig } from '../contractConfig/service.ts';
import { invalidField } from '../items/service.ts';
import * as filesRepo from '../files/repository.ts';
import { discardUpload, docTooLarge } from '../files/service.ts';
import { assertNotRecused, lockInvestor, recordRecusalChange } from './recusal.ts';
import * as repo from './repository.ts';

/**
 * Legal documents (issue 12): generated from the case's contract configuration for one investor,
 * stored as PDF in the one file store, and followed by an append-only, hash-chained trail of
 * everything that happens to them (created, sent, voided; viewed, consented and signed by the
 * signer). Staff who may edit the case generate, send and void; staff who read cases read them.
 */

/** Where a request came from, kept in the trail as evidence. */
export interface Evidence {
  ip: string | null;
  user_agent: string | null;
}

/** Control characters out, length capped: a header is evidence, not a place to store anything. */
export function evidenceOf(ip: string | undefined, userAgent: string | string[] | undefined): Evidence {
  const ua = Array.isArray(userAgent) ? userAgent.join(' ') : userAgent;
  const clean = (v: string | undefined, max: number) =>
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    v ? v.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max) || null : null;
  return { ip: clean(ip, 64), user_agent: clean(ua, 500) };
}

/** Appends one event to a document's trail; the caller holds the document's row lock. */
export async function appendEvent(
  tx: Tx,
  ctx: WorkContext,
  documentId: number,
  kind: string,
  evidence: Evidence,
  data: Record<string, unknown> = {},
): Promise<ChainEvent> {
  const last = await repo.lastEvent(tx, documentId);
  const event = chainNext(last, {
    subject_id: documentId,
    kind,
    at: new Date().toISOString(),
    actor: { type: ctx.actor?.kind ?? 'system', id: ctx.actor?.id ?? null },
    ip: evidence.ip,
    user_agent: evidence.user_agent,
    data,
  });
  await repo.insertEvent(tx, event);
  return event;
}

/** Today in the report time zone (the effective date a document carries). */
function today(ctx: WorkContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.reports.timeZone }).format(new Date());
}

const REFERENCE_PREFIX = {
  loi: 'LOI',
  nda: 'NDA',
  coi: 'COI',
  subscription: 'SUB',
  startup_loi: 'SLOI',
} as const;

/** A document's printed reference: kind, date and a random part (`NDA-20261126-3F9A2C`). */
function newReference(kind: keyof typeof REFERENCE_PREFIX, date: string): string {
  return `${REFERENCE_PREFIX[kind]}-${date.replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

type CaseRow = typeof cases.$inferSelect;

/** The document and its case, for a reader who reads cases (admin, ao). */
async function readable(ctx: WorkContext, id: number): Promise<repo.DocumentView> {
  staffActor(ctx);
  const view = await repo.findDocument(ctx.db, id);
  if (!view) throw new AppError('DOCUMENT_NOT_FOUND');
  return view;
}

/** The case must exist and the actor edit it (admin, its ao and agents). */
export async function editableCase(ctx: WorkContext, db: DbOrTx, caseId: number) {
  const actor = staffActor(ctx);
  const kase = await findCase(db, caseId);
  if (!kase) throw new AppError('CASE_NOT_FOUND');
  if (!canEditCase(actor, { aoId: kase.ao_id, agentIds: kase.agent_ids })) throw new AppError('FORBIDDEN');
  return { kase, actor };
}

/**
 * Generates one document as `ctx.actor` (in a request, or in a batch job for whoever queued it).
 * `onCreated` runs in the transaction that inserts the document: what it writes (a batch item
 * done) holds only if the document does, and if it throws, nothing is kept.
 */
export async function generateDocument(
  ctx: WorkContext,
  caseId: number,
  body: LegalDocumentCreateBody,
  evidence: Evidence,
  onCreated?: (tx: Tx, documentId: number) => Promise<void>,
): Promise<repo.DocumentView> {
  const { kase, actor } = await editableCase(ctx, ctx.db, caseId);
  const signer = await signerFor(ctx, kase.id, body);
  const id = await createDocument(ctx, {
    kase,
    signer,
    deal: body.kind === 'startup_loi' ? dealTerms(kase) : null,
    body,
    evidence,
    author: { kind: 'employee', id: actor.id },
    onCreated,
  });
  return readable(ctx, id);
}

/**
 * Who signs a new document: the investor named in the body, or for a startup LOI the case's
 * startup user (its registered representative; a case without one has nobody to address it to).
 */
async function signerFor(
  ctx: WorkContext,
  caseId: number,
  body: LegalDocumentCreateBody,
): Promise<DocumentSigner> {
  if (body.kind === 'startup_loi') {
    const user = await repo.caseStartupUser(ctx.db, caseId);
    if (!user) throw new AppError('CASE_HAS_NO_STARTUP');
    return { kind: 'startup', ...user };
  }
  const client = body.client_id === undefined ? null : await findClient(ctx.db, body.client_id);
  if (!client || client.is_deleted) throw invalidField('body.client_id', 'No such client');
  return { kind: 'client', id: client.id, name: client.name, email: client.email };
}

/** The case's figures a startup LOI states: round, amount raised, valuation, price per share. */
function dealTerms(kase: CaseRow): CaseDealTerms {
  const price = (kase.company as { price_per_share?: unknown }).price_per_share;
  return {
    round: kase.round,
    raisingAmount: kase.fund_raising,
    valuation: kase.pre_money,
    pricePerShare: typeof price === 'number' && Number.isFinite(price) ? price : null,
    currency: kase.currency,
  };
}

/** A document's signer as it is printed and mailed. */
export interface DocumentSigner extends repo.Signer {
  name: string;
  email: string;
}

/**
 * The name a document gives the company: a de-identified case's NDA is signed before the investor
 * learns the name, so it names the case by its code name (the same one the investor area shows).
 */
function companyNameFor(kase: { id: number; name: string; de_identification: boolean }, kind: string) {
  return kase.de_identification && kind === 'nda' ? caseCodeName(kase.id) : kase.name;
}

/**
 * Renders, stores and records one document (in a request or a batch job, by staff; or by the
 * investor for themselves, issue 13). `onCreated` runs in the transaction that inserts the
 * document: what it writes holds only if the document does, and if it throws, nothing is kept.
 */
export async function createDocument(
  ctx: WorkContext,
  input: {
    kase: { id: number; name: string; de_identification: boolean };
    signer: DocumentSigner;
    /** The case's figures (a startup LOI). */
    deal?: CaseDealTerms | null;
    body: Omit<LegalDocumentCreateBody, 'client_id'>;
    evidence: Evidence;
    author: { kind: 'employee' | 'client'; id: number };
    /** Sent at once (the investor's own document: nobody else is to review it first). */
    send?: boolean;
    onCreated?: (tx: Tx, documentId: number) => Promise<void>;
  },
): Promise<number> {
  const { kase, signer, body, evidence, author } = input;
  const caseId = kase.id;
  const config = await effectiveCaseConfig(ctx, ctx.db, caseId);
  const date = today(ctx);
  const commitment = body.commitment_amount ?? null;
  const reference = newReference(body.kind, date);
  const declaration =
    body.kind === 'coi' && body.conflict_declaration ? normalizeDeclaration(body.conflict_declaration) : null;
  const { filled, pdf } = await renderLegalDocument({
    config,
    kind: body.kind,
    lang: body.lang,
    subject: {
      signerName: signer.name,
      signerEmail: signer.email,
      companyName: companyNameFor(kase, body.kind),
      commitmentAmount: commitment,
      date,
      conflict: declaration,
      deal: input.deal ?? null,
    },
    reference,
    createdAt: new Date(),
  });
  const stored = await ctx.files.put(Readable.from([Buffer.from(pdf)]), {
    maxBytes: DOC_MAX_BYTES,
    tooLarge: docTooLarge,
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      // An LOI or subscription is allocation: refused to an investor recused by a COI (issue 13).
      if ((body.kind === 'loi' || body.kind === 'subscription') && signer.kind === 'client')
        await assertNotRecused(tx, caseId, signer.id);
      const file = await filesRepo.insertFile(tx, {
        storage_key: stored.key,
        name: sanitizeFileName(`${filled.title}-${signer.name}-${reference}.pdf`, 'document'),
        size: stored.size,
        mime: 'application/pdf',
        sha256: stored.sha256,
        kind: 'doc',
        type: body.kind,
        owner_kind: author.kind,
        owner_id: author.id,
      });
      const documentId = await repo.insertDocument(tx, {
        kind: body.kind,
        lang: body.lang,
        case_id: caseId,
        client_id: signer.kind === 'client' ? signer.id : null,
        startup_user_id: signer.kind === 'startup' ? signer.id : null,
        commitment_amount: commitment,
        content: { reference, ...filled, figures: config.figures, party: config.party },
        file_id: file.id,
        sha256: stored.sha256,
        created_by: author.kind === 'employee' ? author.id : null,
        conflict_declaration: declaration,
        ...(input.send ? { status: 'sent' as const, sent_at: new Date() } : {}),
      });
      await repo.lockDocument(tx, documentId);
      await appendEvent(tx, ctx, documentId, 'created', evidence, {
        reference,
        kind: body.kind,
        lang: body.lang,
        sha256: stored.sha256,
        file_id: file.id,
        ...(signer.kind === 'client' ? { client_id: signer.id } : { startup_user_id: signer.id }),
        case_id: caseId,
        ...(body.kind === 'coi' ? { conflict_declaration: declaration } : {}),
      });
      if (input.send) await appendEvent(tx, ctx, documentId, 'sent', evidence, {});
      await recordActivity(tx, ctx.actor, {
        entity_type: 'case',
        entity_id: caseId,
        action: 'document.create',
        changes: { document: { from: null, to: `${filled.title}（${signer.name}）` } },
      });
      await input.onCreated?.(tx, documentId);
      return documentId;
    });
  } catch (err) {
    await discardUpload(ctx, stored.key);
    throw err;
  }
}

export async function listCaseDocuments(
  ctx: ServiceContext,
  caseId: number,
  page: { limit: number; offset: number },
) {
  staffActor(ctx);
  if (!(await findCase(ctx.db, caseId))) throw new AppError('CASE_NOT_FOUND');
  return repo.listCaseDocuments(ctx.db, caseId, page);
}

export const getDocument = readable;

/** The PDF (as generated, or signed) as a stream. */
export async function openDocumentPdf(ctx: ServiceContext, id: number, signed: boolean) {
  return documentPdf(ctx, await readable(ctx, id), signed);
}

/** The PDF of a document its reader may read (as generated, or signed) as a stream. */
export async function documentPdf(ctx: ServiceContext, view: repo.DocumentView, signed: boolean) {
  const fileId = signed ? view.doc.signed_file_id : view.doc.file_id;
  if (fileId === null) throw new AppError('DOCUMENT_NOT_SIGNED');
  const file = await filesRepo.findFile(ctx.db, fileId);
  if (!file) throw new AppError('DOCUMENT_NOT_FOUND');
  try {
    const { stream } = await ctx.files.get(file.storage_key);
    return { view, file, stream };
  } catch (err) {
    if (!(err instanceof StoredFileMissing)) throw err;
    ctx.log.error(
      { documentId: view.doc.id, key: file.storage_key },
      'the PDF of a legal document is missing',
    );
    throw new AppError('DOCUMENT_NOT_FOUND');
  }
}

/** A state change by someone who may edit the document's case, recorded in its trail and the case history. */
async function transition(
  ctx: ServiceContext,
  id: number,
  evidence: Evidence,
  change: {
    from: ReadonlyArray<string>;
    kind: 'sent' | 'voided';
    values: Partial<repo.DocumentInsert>;
    data?: Record<string, unknown>;
  },
) {
  const view = await readable(ctx, id);
  await editableCase(ctx, ctx.db, view.doc.case_id);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockDocument(tx, id);
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
    if (!change.from.includes(row.status))
      throw new AppError('DOCUMENT_STATE', { details: { status: row.status } });
    // Voiding a signed COI that declared a conflict lifts the recusal it made (issue 13).
    const lifted =
      change.kind === 'voided' && row.kind === 'coi' && row.status === 'signed' ? row.client_id : null;
    if (lifted !== null) await lockInvestor(tx, lifted);
    await repo.updateDocument(tx, id, change.values);
    await appendEvent(tx, ctx, id, change.kind, evidence, change.data ?? {});
    if (lifted !== null && row.conflict_declaration?.conflict)
      await recordRecusalChange(tx, ctx.actor, {
        caseId: row.case_id,
        clientId: lifted,
        clientName: view.signer_name,
        documentId: id,
        change: 'lift',
      });
    await recordActivity(tx, ctx.actor, {
      entity_type: 'case',
      entity_id: row.case_id,
      action: change.kind === 'sent' ? 'document.send' : 'document.void',
      changes: { document_status: { from: row.status, to: change.values.status ?? row.status } },
      reason: (change.data?.reason as string | undefined) ?? null,
    });
  });
  return readable(ctx, id);
}

/** Draft → sent: the signer may now review and sign it. */
export function sendDocument(ctx: ServiceContext, id: number, evidence: Evidence) {
  return transition(ctx, id, evidence, {
    from: ['draft'],
    kind: 'sent',
    values: { status: 'sent', sent_at: new Date() },
  });
}

/** Draft, sent or signed → void, with the reason (a signed one stays in the trail as it was). */
export function voidDocument(
  ctx: ServiceContext,
  id: number,
  body: LegalDocumentVoidBody,
  evidence: Evidence,
) {
  return transition(ctx, id, evidence, {
    from: ['draft', 'sent', 'signed'],
    kind: 'voided',
    values: { status: 'void', voided_at: new Date(), void_reason: body.reason },
    data: { reason: body.reason },
  });
}

/** A stored file's bytes, or null when its row or its bytes are gone. */
export async function storedBytes(ctx: ServiceContext, fileId: number | null): Promise<Buffer | null> {
  if (fileId === null) return null;
  const file = await filesRepo.findFile(ctx.db, fileId);
  if (!file) return null;
  try {
    const { stream } = await ctx.files.get(file.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof StoredFileMissing) return null;
    throw err;
  }
}

const sha256Of = (bytes: Buffer | null) => (bytes ? createHash('sha256').update(bytes).digest('hex') : null);

/** Recomputes the trail and hashes the stored PDFs again: whether anything was altered. */
export async function verifyDocument(ctx: ServiceContext, id: number) {
  return verifyView(ctx, await readable(ctx, id));
}

/**
 * The verification of a document its reader may read: the trail's chain and count, the SHA-256 of
 * the PDF as generated against the one recorded, and for a signed one the signed PDF's SHA-256
 * against the `signed` event and its seal (intact, covering the whole file, made with our certificate).
 */
export async function verifyView(ctx: ServiceContext, view: repo.DocumentView) {
  const id = view.doc.id;
  const events = await repo.listEvents(ctx.db, id);
  const chain = verifyChain(id, events);
  const complete = events.length === view.doc.events;
  const created = events[0]?.kind === 'created' ? (events[0].data.sha256 as string | undefined) : undefined;
  // A COI laid out again with its signer's declaration: the last `declared` names the PDF to sign.
  const declared = events.findLast((e) => e.kind === 'declared')?.data.sha256 as string | undefined;
  const recorded = declared ?? created;
  const actual = sha256Of(await storedBytes(ctx, view.doc.file_id));
  const documentOk = actual !== null && actual === view.doc.sha256 && recorded === view.doc.sha256;
  let signed: {
    ok: boolean;
    sha256: string | null;
    seal: { intact: boolean; covers_whole_file: boolean; ours: boolean; signed_at: string | null } | null;
  } | null = null;
  if (view.doc.signed_file_id !== null) {
    const bytes = await storedBytes(ctx, view.doc.signed_file_id);
    const signedActual = sha256Of(bytes);
    const signedEvent = events.find((e) => e.kind === 'signed');
    let seal = null;
    if (bytes) {
      const { verifySeal } = await import('../../lib/pdf/seal.ts');
      const verdict = verifySeal(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      const identity = await sealIdentity(ctx);
      seal = {
        intact: verdict.intact,
        covers_whole_file: verdict.coversWholeFile,
        ours:
          verdict.certificateFingerprint !== null && verdict.certificateFingerprint === identity.fingerprint,
        signed_at: verdict.signedAt,
      };
    }
    signed = {
      ok:
        signedActual !== null &&
        signedActual === view.doc.signed_sha256 &&
        signedEvent?.data.signed_sha256 === signedActual &&
        seal?.intact === true &&
        seal.covers_whole_file &&
        seal.ours,
      sha256: signedActual,
      seal,
    };
  }
  return {
    document_id: id,
    ok: chain.ok && complete && documentOk && (signed?.ok ?? true),
    chain,
    complete,
    document: { ok: documentOk, sha256: actual },
    signed,
    events,
  };
}

const identities = new Map<string, Promise<SealIdentity>>();

/**
 * The platform's seal identity (configured, or generated under DATA_DIR/seal on first use), read
 * once per process. A failed read is not kept: the next call tries again.
 */
export function sealIdentity(ctx: ServiceContext): Promise<SealIdentity> {
  const key = `${ctx.config.dataDir}|${ctx.config.seal.p12Path ?? ''}`;
  let identity = identities.get(key);
  if (!identity) {
    identity = import('../../lib/pdf/seal.ts').then(({ loadOrCreateSealIdentity }) =>
      loadOrCreateSealIdentity(ctx.config.dataDir, {
        p12Path: ctx.config.seal.p12Path,
        passphrase: ctx.config.seal.passphrase,
      }),
    );
    identities.set(key, identity);
    identity.catch(() => identities.delete(key));
  }
  return identity;
}
