import { describe, expect, it } from 'vitest';
import {
  CaseContractOverride,
  ContractConfig,
  DEFAULT_CONTRACT_CONFIG,
  contractValues,
  effectiveContractConfig,
  type ContractSubject,
} from './contracts/legalDocs.ts';
import {
  CONTRACT_LANGS,
  CONTRACT_VARIABLES,
  LEGAL_DOC_KINDS,
  TEMPLATE_CLAUSES,
  fillLegalDocument,
  fillTemplate,
  templateIssues,
} from './legalTemplates.ts';

const subject: ContractSubject = {
  signerName: '林小華',
  signerEmail: 'hua@example.com',
  companyName: '星河生技',
  commitmentAmount: 3_000_000,
  date: '2026-11-26',
};

const allText = (doc: ReturnType<typeof fillLegalDocument>) =>
  [doc.title, doc.opening, ...doc.clauses.flatMap((c) => [c.heading, c.body])].join('\n');

describe('legal templates', () => {
  it('default clause texts use only known placeholders', () => {
    for (const clause of TEMPLATE_CLAUSES.values()) {
      for (const lang of CONTRACT_LANGS) expect(templateIssues(clause.body[lang]), clause.key).toEqual([]);
    }
  });

  it('fills every document in both languages without a placeholder left', () => {
    for (const kind of LEGAL_DOC_KINDS) {
      for (const lang of CONTRACT_LANGS) {
        const values = contractValues(DEFAULT_CONTRACT_CONFIG, subject, lang);
        const text = allText(fillLegalDocument(kind, lang, values));
        expect(text, `${kind} ${lang}`).not.toMatch(/\{\{|\}\}/);
        expect(text).toContain('林小華');
        expect(text).toContain('星河生技');
      }
    }
  });

  it('carries the clause constants of SPEC section 9', () => {
    const zh = (kind: (typeof LEGAL_DOC_KINDS)[number]) =>
      allText(fillLegalDocument(kind, 'zh-TW', contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'zh-TW')));
    expect(zh('nda')).toContain('本協議生效日起 5 年內有效');
    expect(zh('loi')).toContain('自本意向書簽署日起 1 年內');
    expect(zh('nda')).toContain('由 3 名仲裁人組成仲裁庭，於臺北市進行仲裁');
    const en = allText(
      fillLegalDocument('subscription', 'en', contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'en')),
    );
    expect(en).toContain('tribunal of 3 arbitrators seated in Taipei');
  });

  it('fills the startup LOI with the case’s figures in both languages, and “to be agreed” for what is unknown', () => {
    const deal = {
      round: 'Series A',
      raisingAmount: 60_000_000,
      valuation: 300_000_000,
      pricePerShare: 45.5,
      currency: 'NTD',
    };
    const fill = (lang: 'zh-TW' | 'en', d: ContractSubject['deal']) =>
      allText(
        fillLegalDocument(
          'startup_loi',
          lang,
          contractValues(DEFAULT_CONTRACT_CONFIG, { ...subject, deal: d }, lang),
        ),
      );
    const zh = fill('zh-TW', deal);
    expect(zh).toContain('投資意向書（致被投資公司）');
    expect(zh).toContain('致「星河生技」（以下簡稱「公司」，代表人林小華）');
    expect(zh).toContain(
      '本輪：Series A；募資金額：NT$60,000,000；投資前估值：NT$300,000,000；每股價格：NT$45.5',
    );
    expect(zh).toContain('自本意向書簽署日起 60 日內，公司不得');
    expect(zh).toContain('由 3 名仲裁人組成仲裁庭，於臺北市進行仲裁');
    expect(zh).not.toMatch(/\{\{|\}\}/);
    const en = fill('en', deal);
    expect(en).toContain('Letter of Intent (to the Investee Company)');
    expect(en).toContain(
      'Round: Series A; amount raised: NT$60,000,000; pre-money valuation: NT$300,000,000',
    );
    expect(en).toContain('For 60 days from the date this letter is signed');
    expect(en).not.toMatch(/\{\{|\}\}|待議定|日內/);
    const open = fill('zh-TW', {
      round: null,
      raisingAmount: 5_000_000,
      valuation: null,
      pricePerShare: null,
      currency: 'USD',
    });
    expect(open).toContain('本輪：待議定；募資金額：US$5,000,000；投資前估值：待議定；每股價格：待議定');
    expect(fill('en', null)).toContain('Round: to be agreed; amount raised: to be agreed');
  });

  it('fills the fund notice figures into the subscription contract', () => {
    const config = ContractConfig.parse({
      ...DEFAULT_CONTRACT_CONFIG,
      figures: {
        ...DEFAULT_CONTRACT_CONFIG.figures,
        management_fee_percent: 2.5,
        admin_reserve_amount: 1_200_000,
      },
    });
    const text = allText(
      fillLegalDocument('subscription', 'zh-TW', contractValues(config, subject, 'zh-TW')),
    );
    expect(text).toContain('按認購總額之 2.5% 計算');
    expect(text).toContain('金額為NT$1,200,000或認購總額之 0.5%，以較高者為準');
    expect(text).toContain('存續期間為 7 年，經合夥人會議同意得延長 2 次，每次 1 年');
    expect(text).toContain('超額收益之 20% 作為績效獎金');
    expect(text).toContain('認購本基金出資額NT$3,000,000');
  });

  it('leaves a line for an unknown commitment', () => {
    const values = contractValues(DEFAULT_CONTRACT_CONFIG, { ...subject, commitmentAmount: null }, 'zh-TW');
    expect(fillLegalDocument('loi', 'zh-TW', values).clauses[0]?.body).toContain('＿＿＿');
  });

  it('uses a configured text in its language and the default in the other', () => {
    const texts = { 'nda.return': { 'zh-TW': '乙方應於 {{date}} 前返還資料。' } };
    const zh = fillLegalDocument(
      'nda',
      'zh-TW',
      contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'zh-TW'),
      texts,
    );
    const en = fillLegalDocument('nda', 'en', contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'en'), texts);
    expect(zh.clauses.find((c) => c.key === 'nda.return')?.body).toBe('乙方應於 2026-11-26 前返還資料。');
    expect(en.clauses.find((c) => c.key === 'nda.return')?.body).toContain('promptly return or destroy');
  });

  it('finds unknown placeholders and stray braces', () => {
    expect(templateIssues('{{ signer_name }} ok')).toEqual([]);
    expect(templateIssues('{{password}}')).toEqual(['Unknown placeholder {{password}}']);
    expect(templateIssues('{{constructor}}')).toEqual(['Unknown placeholder {{constructor}}']);
    expect(templateIssues('a {{ b')).toEqual(['Unbalanced {{ or }}']);
    expect(() =>
      fillTemplate('{{__proto__}}', contractValues(DEFAULT_CONTRACT_CONFIG, subject, 'en')),
    ).toThrow();
    expect(CONTRACT_VARIABLES.length).toBe(new Set(CONTRACT_VARIABLES).size);
  });

  it('refuses configurations with unknown clauses, unknown placeholders or three decimals', () => {
    const bad = (patch: object) => ContractConfig.safeParse({ ...DEFAULT_CONTRACT_CONFIG, ...patch }).success;
    expect(bad({})).toBe(true);
    expect(bad({ texts: { 'nda.nothing': { en: 'x' } } })).toBe(false);
    expect(bad({ texts: { 'nda.return': { en: 'Send {{secret}}' } } })).toBe(false);
    expect(bad({ figures: { ...DEFAULT_CONTRACT_CONFIG.figures, management_fee_percent: 2.125 } })).toBe(
      false,
    );
    expect(bad({ figures: { ...DEFAULT_CONTRACT_CONFIG.figures, term_years: 0 } })).toBe(false);
    expect(bad({ party: { ...DEFAULT_CONTRACT_CONFIG.party, name: '  ' } })).toBe(false);
  });

  it('applies a case override over the default', () => {
    const override = CaseContractOverride.parse({
      figures: { management_fee_percent: 1.75 },
      texts: { 'nda.return': { en: 'Return it by {{date}}.' } },
    });
    const base = { ...DEFAULT_CONTRACT_CONFIG, texts: { 'nda.return': { 'zh-TW': '中文 {{date}}' } } };
    const effective = effectiveContractConfig(base, override);
    expect(effective.figures.management_fee_percent).toBe(1.75);
    expect(effective.figures.term_years).toBe(7);
    expect(effective.texts['nda.return']).toEqual({ 'zh-TW': '中文 {{date}}', en: 'Return it by {{date}}.' });
    expect(base.texts['nda.return']).toEqual({ 'zh-TW': '中文 {{date}}' });
  });
});
