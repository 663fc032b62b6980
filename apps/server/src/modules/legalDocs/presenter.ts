import type { LegalDocument, LegalDocumentBatch, LegalDocumentEvent } from '@dealflow/domain';
import type { ChainEvent } from '../../lib/auditChain.ts';
import type { BatchView } from './batch.ts';
import { type DocumentView, signerOf } from './repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentDocument(view: DocumentView): LegalDocument {
  const { doc } = view;
  const content = doc.content as { title?: string };
  return {
    id: doc.id,
    kind: doc.kind,
    lang: doc.lang,
    status: doc.status,
    title: content.title ?? '',
    case: { id: doc.case_id, name: view.case_name },
    signer: { ...signerOf(doc), name: view.signer_name, email: view.signer_email },
    client:
      doc.client_id !== null ? { id: doc.client_id, name: view.signer_name, email: view.signer_email } : null,
    commitment_amount: doc.commitment_amount,
    sha256: doc.sha256,
    signed_sha256: doc.signed_sha256,
    created_by:
      doc.created_by !== null && view.creator_name !== null
        ? { id: doc.created_by, name: view.creator_name }
        : null,
    created_at: doc.created_at.toISOString(),
    sent_at: iso(doc.sent_at),
    signed_at: iso(doc.signed_at),
    voided_at: iso(doc.voided_at),
    void_reason: doc.void_reason,
    conflict_declaration: doc.kind === 'coi' ? (doc.conflict_declaration ?? null) : null,
  };
}

export function presentEvent(event: ChainEvent): LegalDocumentEvent {
  return {
    seq: event.seq,
    kind: event.kind,
    at: event.at,
    actor: event.actor,
    ip: event.ip,
    user_agent: event.user_agent,
    data: event.data,
    prev_hash: event.prev_hash,
    hash: event.hash,
  };
}

/** A batch: queued until the job takes one of its investors, done when none is left. */
export function presentBatch({ batch, items }: BatchView): LegalDocumentBatch {
  return {
    id: batch.id,
    case_id: batch.case_id,
    kind: batch.kind,
    lang: batch.lang,
    status: batch.finished_at ? 'done' : batch.started_at ? 'running' : 'queued',
    total: items.length,
    done: items.filter((i) => i.item.document_id !== null).length,
    failed: items.filter((i) => i.item.error !== null).length,
    items: items.map(({ item, client_name }) => ({
      client: { id: item.client_id, name: client_name },
      document_id: item.document_id,
      error: item.error !== null ? { code: item.error_code ?? 'INTERNAL', message: item.error } : null,
    })),
    created_at: batch.created_at.toISOString(),
    finished_at: iso(batch.finished_at),
  };
}
