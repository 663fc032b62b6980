import {
  formatDateTime,
  type InvestorCaseDetail,
  type LegalDocument,
  type MyDocumentKind,
} from '@dealflow/domain';
import { Alert, Button, Card, Form, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { MoneyInput } from '../../../shared/fields/MoneyInput.tsx';
import { downloadStoredFile } from '../../../shared/files/storedFiles.ts';
import { myDocumentPdfPath } from '../../legalDocs/api/legalDocsApi.ts';
import { ConflictDeclarationTag } from '../../legalDocs/components/ConflictDeclarationForm.tsx';
import { SignDocumentModal } from '../../legalDocs/components/SignDocumentModal.tsx';
import { VerifyModal } from '../../legalDocs/components/VerifyModal.tsx';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { useGenerateMyDocument, useInvalidateMyCase, useMyCaseDocuments } from '../api/investorCasesApi.ts';
import { useFeedback } from '../../../shared/feedback/index.tsx';

/**
 * The investor's own NDA, LOI or COI on a case (`…/nda`, `…/loi`, `…/coi`): made from the case's
 * contract configuration when they ask, then read and signed with the mailed code (issue 12's
 * signing flow). On a de-identified case the LOI and the COI wait for the NDA.
 */
export function MyCaseDocument({ kase, kind }: { kase: InvestorCaseDetail; kind: MyDocumentKind }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const docs = useMyCaseDocuments(kase.id);
  const generate = useGenerateMyDocument(kase.id);
  const invalidate = useInvalidateMyCase();
  const [signing, setSigning] = useState<LegalDocument | null>(null);
  const [viewing, setViewing] = useState<LegalDocument | null>(null);
  const [verifying, setVerifying] = useState<LegalDocument | null>(null);
  const [amount, setAmount] = useState<number | null>(kase.interest?.amount ?? null);
  const doc = (docs.data ?? []).find((d) => d.kind === kind) ?? null;
  const signed = doc?.status === 'signed';

  async function make() {
    try {
      const made = await generate.mutateAsync({
        kind,
        lang: i18n.language.startsWith('en') ? 'en' : 'zh-TW',
        ...(kind === 'loi' ? { commitment_amount: amount === null ? null : Math.round(amount) } : {}),
      });
      setSigning(made);
    } catch (error) {
      message.error(errorContent(error));
    }
  }

  const blocked =
    kind !== 'nda' && kase.access.masked
      ? 'nda'
      : kind === 'loi' && !kase.access.may_register_interest
        ? 'fund'
        : null;

  return (
    <Card title={t(`investorCases.docs.${kind}.title`)} className="icase-doc">
      <Typography.Paragraph>{t(`investorCases.docs.${kind}.intro`)}</Typography.Paragraph>
      {kind === 'coi' && kase.recusal ? (
        <Alert
          type="warning"
          showIcon
          className="icase-doc__recusal"
          data-testid="coi-recusal"
          title={t('investorCases.recusal.title')}
          description={t('investorCases.recusal.body', { time: formatDateTime(kase.recusal.recused_at) })}
        />
      ) : null}
      {docs.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('investorCases.loadError')}
          description={errorContent(docs.error)}
        />
      ) : doc ? (
        <Space orientation="vertical" size="middle" className="full-width">
          <div>
            <Typography.Text strong>{doc.title}</Typography.Text>{' '}
            <Tag color={signed ? 'green' : 'gold'}>{t(`legalDocs.mine.status.${doc.status}`)}</Tag>
            {doc.kind === 'coi' ? <ConflictDeclarationTag doc={doc} /> : null}
            <br />
            <Typography.Text type="secondary">
              {signed && doc.signed_at
                ? t('legalDocs.mine.signedAt', { time: formatDateTime(doc.signed_at) })
                : t('legalDocs.mine.sentAt', { time: formatDateTime(doc.sent_at ?? doc.created_at) })}
            </Typography.Text>
          </div>
          <Space wrap>
            {!signed ? (
              <Button type="primary" onClick={() => setSigning(doc)}>
                {t('legalDocs.mine.sign')}
              </Button>
            ) : null}
            <Button onClick={() => setViewing(doc)}>{t('legalDocs.mine.read')}</Button>
            <Button
              onClick={() =>
                void downloadStoredFile(
                  {
                    path: myDocumentPdfPath(doc.id, signed),
                    name: signed ? `${doc.title}-${t('legalDocs.signedSuffix')}.pdf` : `${doc.title}.pdf`,
                  },
                  { notify: (text) => message.error(text) },
                )
              }
            >
              {signed ? t('legalDocs.downloadSigned') : t('legalDocs.download')}
            </Button>
            <Button type="link" onClick={() => setVerifying(doc)}>
              {t('legalDocs.verify')}
            </Button>
          </Space>
        </Space>
      ) : blocked === 'nda' ? (
        <Alert
          type="info"
          showIcon
          title={t('investorCases.docs.needNda')}
          action={<Link to={`/investor/cases/detail/${kase.id}/nda`}>{t('investorCases.docs.toNda')}</Link>}
        />
      ) : blocked === 'fund' ? (
        <Alert type="info" showIcon title={t('investorCases.interest.throughFund')} />
      ) : (
        <Form layout="vertical" onFinish={() => void make()}>
          {kind === 'loi' ? (
            <Form.Item label={t('investorCases.docs.loi.amount')} htmlFor="loi-amount">
              <MoneyInput
                id="loi-amount"
                currency="NTD"
                value={amount}
                onChange={(v) => setAmount(typeof v === 'number' ? v : null)}
              />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" loading={generate.isPending || docs.isPending}>
            {t('investorCases.docs.generate')}
          </Button>
        </Form>
      )}
      {signing ? (
        <SignDocumentModal
          key={signing.id}
          doc={signing}
          onClose={() => {
            setSigning(null);
            invalidate();
          }}
        />
      ) : null}
      <VerifyModal doc={verifying} side="signer" onClose={() => setVerifying(null)} />
      <PdfViewerModal
        path={viewing ? myDocumentPdfPath(viewing.id, viewing.status === 'signed') : null}
        title={viewing?.title}
        onClose={() => setViewing(null)}
      />
    </Card>
  );
}
