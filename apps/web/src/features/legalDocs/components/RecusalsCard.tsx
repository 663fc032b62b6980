import { type CaseRecusal, formatDateTime } from '@dealflow/domain';
import { Alert, Button, Card, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../legalDocs.css';
import { errorContent } from '../../../shared/components/ErrorAlert.tsx';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import { documentPdfPath } from '../api/legalDocsApi.ts';

/** 利益迴避 beside an investor recused on the case (issue 13). */
export function RecusedTag() {
  const { t } = useTranslation();
  return (
    <Tag color="red" className="recused-tag" data-testid="recused-tag">
      {t('legalDocs.recusal.tag')}
    </Tag>
  );
}

/**
 * The investors recused on a case by a signed COI declaring a conflict (issue 13), each with what
 * they declared, since when, and the signed COI to read. Shown only when there is one.
 */
export function RecusalsCard({ recusals, error }: { recusals: CaseRecusal[] | undefined; error: unknown }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<CaseRecusal | null>(null);
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={t('legalDocs.recusal.loadError')}
        description={errorContent(error)}
      />
    );
  if (!recusals || recusals.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('legalDocs.recusal.title')}
      className="recusals-card"
      data-testid="recusals-card"
    >
      <Typography.Paragraph type="secondary">{t('legalDocs.recusal.intro')}</Typography.Paragraph>
      <ul className="role-list">
        {recusals.map((r) => (
          <li key={r.client.id} className="role-row recusal-row">
            <span className="role-row__name">
              {r.client.name} <RecusedTag />
            </span>
            <Typography.Text type="secondary">
              {t('legalDocs.recusal.since', { time: formatDateTime(r.recused_at) })}
            </Typography.Text>
            {r.description ? (
              <Typography.Text className="recusal-row__text">{r.description}</Typography.Text>
            ) : null}
            <Button type="link" size="small" onClick={() => setViewing(r)}>
              {t('legalDocs.recusal.document')}：{r.document.title}
            </Button>
          </li>
        ))}
      </ul>
      <PdfViewerModal
        path={viewing ? documentPdfPath(viewing.document.id, true) : null}
        title={viewing?.document.title}
        onClose={() => setViewing(null)}
      />
    </Card>
  );
}
