import {
  CONTRACT_LANGS,
  type ContractConfig,
  type ContractLang,
  type ContractPreviewBody,
  LEGAL_DOC_KINDS,
  type LegalDocKind,
  contractValues,
  fillLegalDocument,
} from '@dealflow/domain';
import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfViewerModal } from '../../pdfViewer/components/PdfViewerModal.tsx';
import type { PdfSource } from '../../pdfViewer/pdfSource.ts';
import { loadContractPreviewPdf } from '../api/contractApi.ts';

interface ContractPreviewProps {
  config: ContractConfig | null;
  /** The case whose configuration this is: its name is the company in the PDF preview. */
  caseId?: number;
}

/**
 * The document as it will be generated, from the form as it is now: a sample investor and case,
 * today's date. A text naming an unknown variable cannot be filled: the preview says so instead.
 * 「預覽 PDF」 has the server lay the same form out as the PDF it would generate (nothing saved).
 */
export function ContractPreview({ config, caseId }: ContractPreviewProps) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<LegalDocKind>('nda');
  const [lang, setLang] = useState<ContractLang>(i18n.language === 'en' ? 'en' : 'zh-TW');
  const [pdf, setPdf] = useState<{ source: PdfSource; title: string } | null>(null);
  const [pdfLoading, setPdfLoading] = useState(false);
  const opened = useRef(0);

  const filled = useMemo(() => {
    if (!config) return null;
    try {
      const values = contractValues(
        config,
        {
          signerName: t('contract.sample.signer'),
          signerEmail: 'investor@example.com',
          companyName: t('contract.sample.company'),
          commitmentAmount: 3_000_000,
          date: dayjs().format('YYYY-MM-DD'),
        },
        lang,
      );
      return fillLegalDocument(kind, lang, values, config.texts);
    } catch {
      return null;
    }
  }, [config, kind, lang, t]);

  // The form as it is at the click: every click lays it out again.
  function openPdf() {
    if (!config) return;
    const body: ContractPreviewBody = { config, kind, lang, ...(caseId ? { case_id: caseId } : {}) };
    opened.current += 1;
    setPdf({
      title: t('contract.pdfTitle', { kind: t(`contract.kinds.${kind}`), lang: t(`contract.langs.${lang}`) }),
      source: {
        key: ['contract-preview', opened.current],
        load: async (signal) => {
          setPdfLoading(true);
          try {
            return await loadContractPreviewPdf(body, signal);
          } finally {
            setPdfLoading(false);
          }
        },
      },
    });
  }

  return (
    <section className="contract-preview" aria-labelledby="contract-preview-title">
      <div className="contract-preview__bar">
        <h2 id="contract-preview-title" className="contract-section__title">
          {t('contract.sections.preview')}
        </h2>
        <Select<LegalDocKind>
          aria-label={t('contract.sections.preview')}
          value={kind}
          onChange={setKind}
          options={LEGAL_DOC_KINDS.map((k) => ({ value: k, label: t(`contract.kinds.${k}`) }))}
          className="contract-preview__kind"
        />
        <Segmented<ContractLang>
          aria-label={t('legalDocs.lang')}
          value={lang}
          onChange={setLang}
          options={CONTRACT_LANGS.map((l) => ({ value: l, label: t(`contract.langs.${l}`) }))}
        />
        <Button
          icon={<FilePdfOutlined aria-hidden />}
          loading={pdfLoading}
          disabled={filled === null}
          onClick={openPdf}
        >
          {t('contract.previewPdf')}
        </Button>
      </div>
      <p className="contract-hint">{t('contract.sections.previewHint')}</p>
      {config === null ? null : filled ? (
        <article className="contract-paper" lang={lang}>
          <h3 className="contract-paper__title">{filled.title}</h3>
          <p>{filled.opening}</p>
          <ol className="contract-paper__clauses">
            {filled.clauses.map((clause) => (
              <li key={clause.key}>
                <strong>{clause.heading}</strong>
                <p>{clause.body}</p>
              </li>
            ))}
          </ol>
        </article>
      ) : (
        <Alert type="warning" showIcon title={t('contract.braceIssue', { example: '{{variable}}' })} />
      )}
      <PdfViewerModal source={pdf?.source ?? null} title={pdf?.title} onClose={() => setPdf(null)} />
    </section>
  );
}
