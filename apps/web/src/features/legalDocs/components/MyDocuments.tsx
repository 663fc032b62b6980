import { type LegalDocStatus, type LegalDocument, formatDateTime, formatMoney } from '@dealflow/domain';
import { Alert, Button, Empty, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { downloadStoredFile } from '../../../shared/files/storedFiles.ts';
import { DataRoomDrawer } from '../../dataRoom/DataRoomDrawer.tsx';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { myDocumentPdfPath, useMyDocuments } from '../api/legalDocsApi.ts';
import { SignDocumentModal } from './SignDocumentModal.tsx';
import { VerifyModal } from './VerifyModal.tsx';
import '../legalDocs.css';
import { useFeedback } from '../../../shared/feedback/index.tsx';

const STATUS_COLOR: Record<LegalDocStatus, string> = {
  draft: 'default',
  sent: 'gold',
  signed: 'green',
  void: 'red',
};

/**
 * The investor's documents (`/investor/contract`): what waits for their signature first, then what
 * they signed or what was withdrawn. Each can be read in the viewer, downloaded (signed, once
 * signed) and verified; one waiting is signed from here.
 */
export function MyDocuments() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [page, setPage] = useState(1);
  const list = useMyDocuments(page);
  const [signing, setSigning] = useState<LegalDocument | null>(null);
  const [viewing, setViewing] = useState<LegalDocument | null>(null);
  const [verifying, setVerifying] = useState<LegalDocument | null>(null);
  const [room, setRoom] = useState<{ id: number; name: string } | null>(null);
  const signedCopy = (doc: LegalDocument) => doc.signed_sha256 !== null;

  const actions = (doc: LegalDocument) => [
    ...(doc.status === 'sent'
      ? [
          <Button key="sign" type="primary" onClick={() => setSigning(doc)}>
            {t('legalDocs.mine.sign')}
          </Button>,
        ]
      : []),
    <Button key="view" onClick={() => setViewing(doc)}>
      {t('legalDocs.mine.read')}
    </Button>,
    <Button
      key="download"
      onClick={() =>
        void downloadStoredFile(
          {
            path: myDocumentPdfPath(doc.id, signedCopy(doc)),
            name: signedCopy(doc) ? `${doc.title}-${t('legalDocs.signedSuffix')}.pdf` : `${doc.title}.pdf`,
          },
          { notify: (text) => message.error(text) },
        )
      }
    >
      {signedCopy(doc) ? t('legalDocs.downloadSigned') : t('legalDocs.download')}
    </Button>,
    <Button key="verify" type="link" onClick={() => setVerifying(doc)}>
      {t('legalDocs.verify')}
    </Button>,
    // A signed NDA opens the case's data room.
    ...(doc.kind === 'nda' && doc.status === 'signed'
      ? [
          <Button key="room" type="link" onClick={() => setRoom(doc.case)}>
            {t('dataRoom.open')}
          </Button>,
        ]
      : []),
  ];

  const waiting = (list.data?.result ?? []).filter((d) => d.status === 'sent').length;

  return (
    <div className="legal-docs my-docs">
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('legalDocs.loadError')}
          description={errorContent(list.error)}
        />
      ) : (
        <>
          {waiting > 0 ? (
            <Alert
              type="info"
              showIcon
              className="my-docs__waiting"
              title={t('legalDocs.mine.waiting', { count: waiting })}
            />
          ) : null}
          <List<LegalDocument>
            loading={list.isPending}
            dataSource={list.data?.result ?? []}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('legalDocs.mine.empty')} />
              ),
            }}
            pagination={
              (list.data?.count ?? 0) > 20
                ? { current: page, pageSize: 20, total: list.data?.count ?? 0, onChange: setPage }
                : false
            }
            renderItem={(doc) => (
              <List.Item actions={actions(doc)} className="legal-docs__item my-docs__item">
                <List.Item.Meta
                  title={
                    <span className="legal-docs__title">
                      {doc.title}
                      <Tag color={STATUS_COLOR[doc.status]}>{t(`legalDocs.mine.status.${doc.status}`)}</Tag>
                    </span>
                  }
                  description={
                    <span className="legal-docs__meta">
                      <Typography.Text strong>{doc.case.name}</Typography.Text>
                      {doc.commitment_amount !== null
                        ? ` ・ ${formatMoney(doc.commitment_amount, 'NTD')}`
                        : ''}
                      <br />
                      {doc.status === 'signed' && doc.signed_at
                        ? t('legalDocs.mine.signedAt', { time: formatDateTime(doc.signed_at) })
                        : doc.status === 'void' && doc.voided_at
                          ? t('legalDocs.mine.voidedAt', { time: formatDateTime(doc.voided_at) })
                          : t('legalDocs.mine.sentAt', {
                              time: formatDateTime(doc.sent_at ?? doc.created_at),
                            })}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
      {signing ? <SignDocumentModal key={signing.id} doc={signing} onClose={() => setSigning(null)} /> : null}
      <VerifyModal doc={verifying} side="signer" onClose={() => setVerifying(null)} />
      <DataRoomDrawer caseRef={room} onClose={() => setRoom(null)} />
      <PdfViewerModal
        path={viewing ? myDocumentPdfPath(viewing.id, signedCopy(viewing)) : null}
        title={viewing?.title}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
