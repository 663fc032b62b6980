import { type LegalDocument, type LegalDocumentVerification, formatDateTime } from '@dealflow/domain';
import { Alert, Modal, Spin, Timeline } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { type DocumentSide, useVerifyDocument } from '../api/legalDocsApi.ts';

/** Why a verification failed, the first thing that does not hold, in words. */
function brokenReason(result: LegalDocumentVerification, t: TFunction): string {
  if (!result.chain.ok) return t('legalDocs.verifyChainBroken', { seq: result.chain.broken_at });
  if (!result.complete) return t('legalDocs.verifyIncomplete');
  if (!result.document.ok) return t('legalDocs.verifyFileChanged');
  const seal = result.signed?.seal;
  if (seal && !seal.ours) return t('legalDocs.verifySealNotOurs');
  if (seal && (!seal.intact || !seal.covers_whole_file)) return t('legalDocs.verifySealBroken');
  return t('legalDocs.verifySignedChanged');
}

/**
 * 驗證: the document's trail recomputed and its PDFs hashed again on the server (and the signed
 * PDF's seal checked), with the trail as a timeline. Staff read it from the case, the signer from
 * their documents.
 */
export function VerifyModal({
  doc,
  side = 'staff',
  onClose,
}: {
  doc: LegalDocument | null;
  side?: DocumentSide;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyDocument(doc?.id ?? null, side);
  const result = verify.data;
  return (
    <Modal
      open={doc !== null}
      title={t('legalDocs.verifyTitle', { title: doc?.title ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {verify.isPending ? (
        <Spin />
      ) : verify.isError ? (
        <Alert type="error" showIcon title={errorContent(verify.error)} />
      ) : result ? (
        <>
          <Alert
            type={result.ok ? 'success' : 'error'}
            showIcon
            title={result.ok ? t('legalDocs.verifyOk') : t('legalDocs.verifyBroken')}
            description={
              result.ok
                ? result.signed
                  ? t('legalDocs.verifySignedOkDetail', { events: result.chain.events })
                  : t('legalDocs.verifyOkDetail', { events: result.chain.events })
                : brokenReason(result, t)
            }
          />
          <p className="legal-docs__hash">
            {t('legalDocs.sha256')}
            <code lang="en" translate="no">
              {doc?.sha256}
            </code>
          </p>
          {result.signed ? (
            <p className="legal-docs__hash">
              {t('legalDocs.signedSha256')}
              <code lang="en" translate="no">
                {result.signed.sha256 ?? '—'}
              </code>
            </p>
          ) : null}
          <Timeline
            items={result.events.map((e) => ({
              key: e.seq,
              content: (
                <>
                  <strong>
                    {t(`legalDocs.event.${e.kind as 'created'}`, {
                      defaultValue: t('legalDocs.event.other'),
                    })}
                  </strong>
                  <div className="legal-docs__meta">
                    {formatDateTime(e.at)}
                    {e.ip ? ` ・ ${e.ip}` : ''}
                  </div>
                </>
              ),
            }))}
          />
        </>
      ) : null}
    </Modal>
  );
}
