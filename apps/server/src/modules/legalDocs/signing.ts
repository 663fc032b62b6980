import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type ConflictDeclaration,
  DOC_MAX_BYTES,
  type FilledClause,
  type FilledDocument,
  SIGN_CODE,
  SIGNING_CONSENT,
  type SignConfirmBody,
  type SignStartBody,
  fillConflictClause,
  maskEmail,
  normalizeDeclaration,
  sanitizeFileName,
} from '@dealflow/domain';
import type { ChainEvent } from '../../lib/auditChain.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { CertificateTrailEntry } from '../../lib/pdf/certificate.ts';
import { runPdfJob } from '../../lib/pdf/pool.ts';
import { recordActivity } from '../activity/repository.ts';
import * as filesRepo from '../files/repository.ts';
import { discardUpload, docTooLarge } from '../files/service.ts';
import { invalidField } from '../items/service.ts';
import { lockInvestor, recordRecusalChange } from './recusal.ts';
import * as repo from './repository.ts';
import { appendEvent, documentPdf, type Evidence, sealIdentity, storedBytes, verifyView } from './service.ts';

/**
 * Signing by the signer a document was sent to: an investor, or for a startup LOI the case's
 * startup user (issues 12 and 14; one flow for both, "signing with evidence", as documenso
 * and e-signature services do it):
 *
 * 1. The signer opens the PDF: `viewed` (with the SHA-256 of what they were shown).
 * 2. They agree to the consent statement and type (or also draw) their name; a six-digit code is
 *    mailed: `consented`, `code_sent`. The code is kept only as an HMAC under the server's secret.
 * 3. They enter the code: `code_failed` for a wrong one (5 tries), `code_verified` for the right
 *    one; then the PDF as presented gets its completion certificate page and the platform's PAdES
 *    seal, is stored, and the document is `signed` (with the signed PDF's SHA-256).
 *
 * Every step runs under the document's row lock, so concurrent requests cannot beat the try limit,
 * and two confirmations of one code sign once.
 */

type SignerView = repo.DocumentView;

/** The acting signer: an investor client or a startup user (the trail names them by the same kind). */
function actingSigner(ctx: ServiceContext): repo.Signer {
  const actor = ctx.actor;
  if (actor?.kind === 'client' || actor?.kind === 'startup') return { kind: actor.kind, id: actor.id };
  throw new AppError('FORBIDDEN');
}

/** Whether a trail event was made by the signer. */
const bySigner = (e: ChainEvent, signer: repo.Signer) =>
  e.actor.type === signer.kind && e.actor.id === signer.id;

/** A document sent to the acting signer; a draft or someone else's is not found. */
async function mine(ctx: ServiceContext, id: number): Promise<SignerView> {
  const view = await repo.findSignerDocument(ctx.db, id, actingSigner(ctx));
  if (!view) throw new AppError('DOCUMENT_NOT_FOUND');
  return view;
}

export async function listMyDocuments(ctx: ServiceContext, page: { limit: number; offset: number }) {
  return repo.listSignerDocuments(ctx.db, actingSigner(ctx), page);
}

export const getMyDocument = mine;

/** A signer may re-open a document often: one `viewed` per 10 minutes is evidence enough. */
const VIEW_DEDUP_MS = 10 * 60_000;

/**
 * The PDF as sent (or signed); opening the one to sign is recorded in the trail as `viewed`,
 * with the SHA-256 of the bytes served, so the certificate can say what the signer was shown.
 */
export async function openMyDocumentPdf(
  ctx: ServiceContext,
  id: number,
  signed: boolean,
  evidence: Evidence,
) {
  const view = await mine(ctx, id);
  if (!signed && view.doc.status === 'sent') {
    const signer = actingSigner(ctx);
    await ctx.db.transaction(async (tx) => {
      const row = await repo.lockDocument(tx, id);
      if (row?.status !== 'sent') return;
      const last = await repo.lastEvent(tx, id);
      const recent =
        last?.kind === 'viewed' &&
        bySigner(last, signer) &&
        Date.now() - new Date(last.at).getTime() < VIEW_DEDUP_MS;
      if (!recent) await appendEvent(tx, ctx, id, 'viewed', evidence, { sha256: row.sha256 });
    });
  }
  // Opened after the view is recorded: a failed write leaves no stream behind.
  return documentPdf(ctx, view, signed);
}

/** The code as stored: an HMAC under the server's secret, bound to the document. */
function codeHash(ctx: ServiceContext, documentId: number, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret)
    .update(`legal-document-sign:${documentId}:${code}`)
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawn signature's bytes: a PNG by its magic bytes, or a clear 400. */
function drawnSignature(dataUrl: string | null | undefined): Buffer | null {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 64 || !bytes.subarray(0, 8).equals(PNG_MAGIC))
    throw invalidField('body.drawn_png', 'The drawn signature is not a PNG image');
  return bytes;
}

function signCodeMail(to: string, name: string, title: string, code: string): MailMessage {
  return {
    to,
    subject: `Dealflow 簽署驗證碼 ${code} / Your signing code`,
    text: [
      `${name} 您好：`,
      '',
      `您正在以電子方式簽署「${title}」。請在 ${SIGN_CODE.ttlMinutes} 分鐘內輸入以下驗證碼完成簽署：`,
      '',
      `    ${code}`,
      '',
      '若這不是您本人的操作，請勿輸入此驗證碼，並與我們聯繫。',
      '',
      '---',
      '',
      `Hello ${name},`,
      '',
      `You are signing “${title}” electronically. Enter this code within ${SIGN_CODE.ttlMinutes} minutes to complete your signature:`,
      '',
      `    ${code}`,
      '',
      'If this was not you, do not enter the code and let us know.',
    ].join('\n'),
  };
}

/**
 * Consent, the typed (and drawn) name, and a code by mail. A new code replaces the previous one;
 * at most `SIGN_CODE.sendsPerHour` per document an hour (429 with Retry-After).
 */
export async function startSigning(ctx: ServiceContext, id: number, body: SignStartBody, evidence: Evidence) {
  const signer = actingSigner(ctx);
  const view = await mine(ctx, id);
  const drawn = drawnSignature(body.drawn_png);
  const consent = SIGNING_CONSENT[body.lang];
  const code = String(randomInt(0, 10 ** SIGN_CODE.digits)).padStart(SIGN_CODE.digits, '0');
  const now = Date.now();
  const expiresAt = new Date(now + SIGN_CODE.ttlMinutes * 60_000);

  const sendsLeft = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockDocument(tx, id);
    if (!row || !repo.isSignedBy(row, signer)) throw new AppError('DOCUMENT_NOT_FOUND');
    if (row.status !== 'sent') throw new AppError('DOCUMENT_STATE', { details: { status: row.status } });
    // A COI is signed only with its declaration printed in it (issue 13).
    if (row.kind === 'coi' && !row.conflict_declaration) throw new AppError('COI_DECLARATION_REQUIRED');
    const events = await repo.listEvents(tx, id);
    const viewed = events.some(
      (e) => e.kind === 'viewed' && bySigner(e, signer) && e.data.sha256 === row.sha256,
    );
    if (!viewed) throw new AppError('DOCUMENT_NOT_VIEWED');
    const recent = await repo.signCodesSince(tx, id, new Date(now - 3_600_000));
    if (recent.length >= SIGN_CODE.sendsPerHour) {
      const oldest = recent[0] as Date;
      const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + 3_600_000 - now) / 1000));
      throw new AppError('SIGN_CODE_LIMIT', {
        details: { retry_after_seconds: retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      });
    }
    await repo.insertSignCode(tx, {
      document_id: id,
      client_id: signer.kind === 'client' ? signer.id : null,
      startup_user_id: signer.kind === 'startup' ? signer.id : null,
      code_hash: codeHash(ctx, id, code),
      typed_name: body.name,
      drawn_png: drawn ? drawn.toString('base64') : null,
      consent,
      expires_at: expiresAt,
    });
    await appendEvent(tx, ctx, id, 'consented', evidence, {
      consent,
      lang: body.lang,
      typed_name: body.name,
      drawn_sha256: drawn ? createHash('sha256').update(drawn).digest('hex') : null,
      document_sha256: row.sha256,
    });
    await appendEvent(tx, ctx, id, 'code_sent', evidence, {
      to: maskEmail(view.signer_email),
      expires_at: expiresAt.toISOString(),
    });
    return SIGN_CODE.sendsPerHour - recent.length - 1;
  });

  try {
    await ctx.mailer.send(signCodeMail(view.signer_email, view.signer_name, titleOf(view), code));
  } catch (err) {
    ctx.log.error(
      { event: 'sign_code_mail', err: err instanceof Error ? err.name : 'error' },
      'signing code not mailed',
    );
    throw new AppError('SIGN_CODE_NOT_SENT');
  }
  return {
    sent_to: maskEmail(view.signer_email),
    expires_at: expiresAt.toISOString(),
    sends_left: sendsLeft,
  };
}

const titleOf = (view: SignerView) => (view.doc.content as { title?: string }).title ?? '';

/** Labels of a trail's actors for the certificate: staff by name, the signer by name, else 系統. */
async function actorLabels(ctx: ServiceContext, view: SignerView, events: ChainEvent[]) {
  const staffIds = [
    ...new Set(
      events
        .filter((e) => e.actor.type === 'employee' && e.actor.id !== null)
        .map((e) => e.actor.id as number),
    ),
  ];
  const staff = await repo.employeeNames(ctx.db, staffIds);
  return (e: ChainEvent): string => {
    if (bySigner(e, repo.signerOf(view.doc))) return `${view.signer_name} <${view.signer_email}>`;
    if (e.actor.type === 'employee' && e.actor.id !== null) return staff.get(e.actor.id) ?? '平台人員';
    return '系統';
  };
}

type CodeCheck =
  | { kind: 'signed' }
  | { kind: 'refused'; code: 'SIGN_CODE_INVALID' | 'SIGN_CODE_EXPIRED'; attemptsLeft: number }
  | { kind: 'verified'; code: repo.SignCodeRow };

/**
 * The code confirms the signature: the document as presented gets its certificate page and the
 * seal, and becomes signed. A wrong code counts a try (`code_failed`) and is refused with 422;
 * an expired or used-up one with 410. Confirming a document already signed answers it as it is.
 */
export async function confirmSigning(
  ctx: ServiceContext,
  id: number,
  body: SignConfirmBody,
  evidence: Evidence,
) {
  const signer = actingSigner(ctx);
  await mine(ctx, id);
  const now = new Date();

  const check: CodeCheck = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockDocument(tx, id);
    if (!row || !repo.isSignedBy(row, signer)) throw new AppError('DOCUMENT_NOT_FOUND');
    if (row.status === 'signed') return { kind: 'signed' };
    if (row.status !== 'sent') throw new AppError('DOCUMENT_STATE', { details: { status: row.status } });
    const code = await repo.latestSignCode(tx, id, signer);
    if (
      !code ||
      code.expires_at <= now ||
      (code.verified_at === null && code.attempts >= SIGN_CODE.maxAttempts)
    )
      return { kind: 'refused', code: 'SIGN_CODE_EXPIRED', attemptsLeft: 0 };
    if (!sameHash(code.code_hash, codeHash(ctx, id, body.code))) {
      const attempts = code.attempts + 1;
      await repo.updateSignCode(tx, code.id, { attempts });
      const attemptsLeft = Math.max(0, SIGN_CODE.maxAttempts - attempts);
      await appendEvent(tx, ctx, id, 'code_failed', evidence, {
        attempt: attempts,
        attempts_left: attemptsLeft,
      });
      return {
        kind: 'refused',
        code: attemptsLeft > 0 ? 'SIGN_CODE_INVALID' : 'SIGN_CODE_EXPIRED',
        attemptsLeft,
      };
    }
    if (code.verified_at === null) {
      await repo.updateSignCode(tx, code.id, { verified_at: now });
      await appendEvent(tx, ctx, id, 'code_verified', evidence, {});
    }
    return { kind: 'verified', code };
  });
  if (check.kind === 'refused')
    throw new AppError(check.code, { details: { attempts_left: check.attemptsLeft } });
  if (check.kind === 'signed') return mine(ctx, id);

  const view = await mine(ctx, id);
  const signed = await certifyAndSeal(ctx, view, check.code, evidence, now);
  const stored = await ctx.files.put(Readable.from([Buffer.from(signed)]), {
    maxBytes: DOC_MAX_BYTES,
    tooLarge: docTooLarge,
  });
  let outcome: 'signed' | 'already' | 'gone';
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const row = await repo.lockDocument(tx, id);
      if (!row) return 'gone';
      if (row.status === 'signed') return 'already';
      // Declared again meanwhile: what was sealed is no longer the document to sign.
      if (row.status !== 'sent' || row.sha256 !== view.doc.sha256) return 'gone';
      // Only an investor's COI recuses; a startup signs no COI.
      const recusedClient =
        row.kind === 'coi' && row.conflict_declaration?.conflict === true ? row.client_id : null;
      if (recusedClient !== null) await lockInvestor(tx, recusedClient);
      const file = await filesRepo.insertFile(tx, {
        storage_key: stored.key,
        name: sanitizeFileName(`${titleOf(view)}-${view.signer_name}-已簽署.pdf`, 'signed'),
        size: stored.size,
        mime: 'application/pdf',
        sha256: stored.sha256,
        kind: 'doc',
        type: `${row.kind}_signed`,
        owner_kind: signer.kind,
        owner_id: signer.id,
      });
      await repo.updateDocument(tx, id, {
        status: 'signed',
        signed_at: now,
        signed_file_id: file.id,
        signed_sha256: stored.sha256,
      });
      await appendEvent(tx, ctx, id, 'signed', evidence, {
        typed_name: check.code.typed_name,
        document_sha256: row.sha256,
        signed_sha256: stored.sha256,
        signed_file_id: file.id,
        seal_fingerprint: (await sealIdentity(ctx)).fingerprint,
      });
      await recordActivity(tx, ctx.actor, {
        entity_type: 'case',
        entity_id: row.case_id,
        action: 'document.sign',
        changes: { document_status: { from: 'sent', to: 'signed' } },
      });
      if (recusedClient !== null)
        await recordRecusalChange(tx, ctx.actor, {
          caseId: row.case_id,
          clientId: recusedClient,
          clientName: view.signer_name,
          documentId: id,
          change: 'recuse',
        });
      return 'signed';
    });
  } catch (err) {
    await discardUpload(ctx, stored.key);
    throw err;
  }
  if (outcome !== 'signed') await discardUpload(ctx, stored.key);
  if (outcome === 'gone') throw new AppError('DOCUMENT_STATE');
  return mine(ctx, id);
}

/**
 * The PDF as presented to the signer (its SHA-256 checked against the one recorded), with the
 * completion certificate appended and the platform's seal over the whole.
 */
async function certifyAndSeal(
  ctx: ServiceContext,
  view: SignerView,
  code: repo.SignCodeRow,
  evidence: Evidence,
  signedAt: Date,
): Promise<Uint8Array> {
  const original = await storedBytes(ctx, view.doc.file_id);
  const sha = original ? createHash('sha256').update(original).digest('hex') : null;
  if (!original || sha !== view.doc.sha256) {
    ctx.log.error({ documentId: view.doc.id }, 'the stored PDF of a legal document is not the one recorded');
    throw new AppError('DOCUMENT_STATE', { message: 'The stored document does not match the one recorded' });
  }
  const events = await repo.listEvents(ctx.db, view.doc.id);
  const label = await actorLabels(ctx, view, events);
  const trail: CertificateTrailEntry[] = events.map((e) => ({
    seq: e.seq,
    at: e.at,
    kind: e.kind,
    actor: label(e),
    ip: e.ip,
    hash: e.hash,
  }));
  const content = view.doc.content as { title?: string; reference?: string };
  // The PDF code loads on first use, not with the server (decision 0041).
  const [{ appendCertificatePage }, { SEAL_COMMON_NAME, sealPdf }] = await Promise.all([
    import('../../lib/pdf/certificate.ts'),
    import('../../lib/pdf/seal.ts'),
  ]);
  const certified = await appendCertificatePage(new Uint8Array(original), {
    document: {
      title: content.title ?? '',
      kind: view.doc.kind,
      id: content.reference ?? String(view.doc.id),
      sha256: view.doc.sha256,
    },
    signer: {
      name: view.signer_name,
      email: view.signer_email,
      signedAt,
      ip: evidence.ip,
      userAgent: evidence.user_agent,
    },
    signature: {
      typedName: code.typed_name,
      drawnPng: code.drawn_png ? new Uint8Array(Buffer.from(code.drawn_png, 'base64')) : null,
    },
    consent: code.consent,
    trail,
  });
  const identity = await sealIdentity(ctx);
  return sealPdf(certified, identity, {
    reason: `${content.title ?? ''} 由 ${view.signer_name} 電子簽署`,
    location: 'Taipei, Taiwan',
    name: SEAL_COMMON_NAME,
    contactInfo: ctx.config.mail.from,
    signingTime: signedAt,
  });
}

/** The verification of one of the signer's own documents. */
export async function verifyMyDocument(ctx: ServiceContext, id: number) {
  return verifyView(ctx, await mine(ctx, id));
}

/** What a generated document keeps of its text (`content`): enough to lay it out again. */
interface StoredContent extends FilledDocument {
  reference: string;
  party: { name: string };
}

/** The clauses with the COI's declaration clause replaced (or, in a COI made before it existed, added). */
function withDeclaration(clauses: FilledClause[], clause: FilledClause): FilledClause[] {
  if (clauses.some((c) => c.key === clause.key))
    return clauses.map((c) => (c.key === clause.key ? clause : c));
  const at = clauses.findIndex((c) => c.key === 'coi.statement');
  const next = [...clauses];
  next.splice(at + 1, 0, clause);
  return next;
}

/**
 * The signer of a COI declares "no conflict" or "conflict" with what it is, before signing (issue
 * 13). The PDF is laid out again from the text as sent with only the declaration clause changed,
 * stored, and recorded as `declared` with its SHA-256: the signer must open this new PDF before a
 * code is sent, and a code sent for the previous one no longer signs.
 */
export async function declareConflict(
  ctx: ServiceContext,
  id: number,
  body: ConflictDeclaration,
  evidence: Evidence,
) {
  const signer = actingSigner(ctx);
  const view = await mine(ctx, id);
  if (view.doc.kind !== 'coi') throw new AppError('DOCUMENT_STATE', { details: { kind: view.doc.kind } });
  if (view.doc.status !== 'sent')
    throw new AppError('DOCUMENT_STATE', { details: { status: view.doc.status } });
  const declaration = normalizeDeclaration(body);
  const content = view.doc.content as StoredContent;
  const clauses = withDeclaration(content.clauses, fillConflictClause(view.doc.lang, declaration));
  const pdf = await runPdfJob({
    op: 'legal',
    doc: { kind: content.kind, lang: content.lang, title: content.title, opening: content.opening, clauses },
    meta: {
      reference: content.reference,
      signerName: view.signer_name,
      partyName: content.party.name,
      createdAt: view.doc.created_at,
    },
  });
  const stored = await ctx.files.put(Readable.from([Buffer.from(pdf)]), {
    maxBytes: DOC_MAX_BYTES,
    tooLarge: docTooLarge,
  });
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await repo.lockDocument(tx, id);
      if (!row || !repo.isSignedBy(row, signer)) throw new AppError('DOCUMENT_NOT_FOUND');
      if (row.status !== 'sent') throw new AppError('DOCUMENT_STATE', { details: { status: row.status } });
      const file = await filesRepo.insertFile(tx, {
        storage_key: stored.key,
        name: sanitizeFileName(`${content.title}-${view.signer_name}-${content.reference}.pdf`, 'document'),
        size: stored.size,
        mime: 'application/pdf',
        sha256: stored.sha256,
        kind: 'doc',
        type: 'coi',
        owner_kind: signer.kind,
        owner_id: signer.id,
      });
      await repo.updateDocument(tx, id, {
        file_id: file.id,
        sha256: stored.sha256,
        content: { ...content, clauses },
        conflict_declaration: declaration,
      });
      // A code sent for the PDF as it was cannot sign this one.
      const code = await repo.latestSignCode(tx, id, signer);
      if (code && code.verified_at === null)
        await repo.updateSignCode(tx, code.id, { attempts: SIGN_CODE.maxAttempts });
      await appendEvent(tx, ctx, id, 'declared', evidence, {
        conflict: declaration.conflict,
        description: declaration.description,
        sha256: stored.sha256,
        file_id: file.id,
        previous_sha256: row.sha256,
      });
      await recordActivity(tx, ctx.actor, {
        entity_type: 'case',
        entity_id: row.case_id,
        action: 'document.declare',
        changes: {
          conflict_declaration: {
            from: row.conflict_declaration?.conflict ?? null,
            to: declaration.conflict,
          },
        },
      });
    });
  } catch (err) {
    await discardUpload(ctx, stored.key);
    throw err;
  }
  return mine(ctx, id);
}
