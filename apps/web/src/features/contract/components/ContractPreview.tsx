import {
  CONTRACT_LANGS,
  type ContractConfig,
  type ContractLang,
  LEGAL_DOC_KINDS,
  type LegalDocKind,
  contractValues,
  fillLegalDocument,
} from '@dealflow/domain';
import { Alert, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The document as it will be generated, from the form as it is now: a sample investor and case,
 * today's date. A text naming an unknown variable cannot be filled: the preview says so instead.
 */
export function ContractPreview({ config }: { config: ContractConfig | null }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<LegalDocKind>('nda');
  const [lang, setLang] = useState<ContractLang>(i18n.language === 'en' ? 'en' : 'zh-TW');

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
    </section>
  );
}
