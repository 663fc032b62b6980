import type { LegalDocument, LegalDocumentEvent } from '@dealflow/domain';
import type { ChainEvent } from '../../lib/auditChain.ts';
import type { DocumentView } from './repository.ts';

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
    client: { id: doc.client_id, name: view.client_name, email: view.client_email },
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
