import {
  CONTRACT_LANGS,
  type ContractLang,
  LEGAL_DOC_KINDS,
  LEGAL_TEMPLATES,
  type TemplateClause,
  templateProblems,
} from '@dealflow/domain';
import { Button, Form, Input, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A clause text's problems in words: the form refuses what the server would. */
export function useClauseTextRule() {
  const { t } = useTranslation();
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const problem = templateProblems(value ?? '')[0];
      if (!problem) return;
      throw new Error(
        problem.kind === 'unknown'
          ? t('contract.placeholderIssue', { name: `{{${problem.name}}}` })
          : t('contract.braceIssue', { example: '{{variable}}' }),
      );
    },
  };
}

function ClauseEditor({ clause, lang }: { clause: TemplateClause; lang: ContractLang }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rule = useClauseTextRule();
  const written = Form.useWatch(['texts', clause.key], form) as
    | Partial<Record<ContractLang, string>>
    | undefined;
  const customized = CONTRACT_LANGS.some((l) => written?.[l]?.trim());
  const heading = clause.heading[lang] || t('contract.opening');
  return (
    <fieldset className="contract-clause">
      <legend className="contract-clause__legend">
        <span>{heading}</span>
        {customized ? <Tag color="gold">{t('contract.customized')}</Tag> : null}
        <Button
          size="small"
          type="link"
          disabled={!customized}
          onClick={() => form.setFieldValue(['texts', clause.key], {})}
        >
          {t('contract.useDefault')}
        </Button>
      </legend>
      {CONTRACT_LANGS.map((l) => (
        // The English text is marked as English (screen readers, spell checkers read it so).
        <div key={l} lang={l}>
          <Form.Item
            name={['texts', clause.key, l]}
            label={t(`contract.langs.${l}`)}
            rules={[rule]}
            className="contract-clause__text"
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 10 }}
              maxLength={4000}
              placeholder={clause.body[l]}
            />
          </Form.Item>
        </div>
      ))}
    </fieldset>
  );
}

/** 條款文字: one tab per document, every clause with its text in both languages (blank: the default). */
export function ClauseTextsEditor() {
  const { t, i18n } = useTranslation();
  const lang: ContractLang = i18n.language === 'en' ? 'en' : 'zh-TW';
  return (
    <Tabs
      className="contract-texts"
      items={LEGAL_DOC_KINDS.map((kind) => {
        const template = LEGAL_TEMPLATES[kind];
        return {
          key: kind,
          label: t(`contract.kinds.${kind}`),
          // Every tab stays mounted: a rule on a hidden tab still blocks a bad save.
          forceRender: true,
          children: [template.opening, ...template.clauses]
            .filter((clause) => !clause.fixed)
            .map((clause) => <ClauseEditor key={clause.key} clause={clause} lang={lang} />),
        };
      })}
    />
  );
}
