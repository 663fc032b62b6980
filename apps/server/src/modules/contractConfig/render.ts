import {
  type ContractConfig,
  type ContractLang,
  type ContractSubject,
  type FilledDocument,
  type LegalDocKind,
  contractValues,
  fillLegalDocument,
} from '@dealflow/domain';
import { runPdfJob } from '../../lib/pdf/pool.ts';

export interface RenderRequest {
  config: ContractConfig;
  kind: LegalDocKind;
  lang: ContractLang;
  subject: ContractSubject;
  /** Printed at the foot of every page. */
  reference: string;
  createdAt: Date;
}

/**
 * One legal document filled from a contract configuration and laid out as PDF: the one path both a
 * generated document and the configuration page's preview take, so the preview cannot drift from
 * what is generated.
 */
export async function renderLegalDocument(
  request: RenderRequest,
): Promise<{ filled: FilledDocument; pdf: Uint8Array }> {
  const { config, kind, lang, subject } = request;
  const values = contractValues(config, subject, lang);
  const filled = fillLegalDocument(kind, lang, values, config.texts);
  // Laid out in a worker thread: the event loop keeps serving while the PDF is written.
  const pdf = await runPdfJob({
    op: 'legal',
    doc: filled,
    meta: {
      reference: request.reference,
      signerName: subject.signerName,
      partyName: config.party.name,
      createdAt: request.createdAt,
    },
  });
  return { filled, pdf };
}
