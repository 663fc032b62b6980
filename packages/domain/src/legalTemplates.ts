/**
 * The legal documents the platform generates (SPEC sections 1, 3 "Fund notice texts", 9 "Contract
 * clauses" and "Fund notice placeholders"; issue 12): a letter of intent (LOI), a non-disclosure
 * agreement (NDA), a conflict-of-interest declaration (COI) and the subscription contract of a
 * special-purpose fund structured as a limited partnership, each in Traditional Chinese and English.
 *
 * A template is a title, an opening and numbered clauses. Every clause body is a text with
 * `{{placeholders}}`; an admin may replace any body in the contract configuration (for every case,
 * or for one), but only with the placeholders of `CONTRACT_VARIABLES`: a text naming another is
 * refused when saved (`templateIssues`), so a generated document never shows a raw `{{…}}`.
 * The clause constants of section 9 (five years of confidentiality, the one-year non-investment
 * restriction, three arbitrators, arbitration in the capital city) are variables too, filled from
 * `CONTRACT_CONSTANTS` and the configured city, so a text cannot contradict them by accident.
 */

export const LEGAL_DOC_KINDS = ['loi', 'nda', 'coi', 'subscription', 'startup_loi'] as const;
export type LegalDocKind = (typeof LEGAL_DOC_KINDS)[number];

/** The kinds an investor client signs (the rest, `startup_loi`, the case's startup signs). */
export const INVESTOR_DOC_KINDS = ['loi', 'nda', 'coi', 'subscription'] as const;
export type InvestorDocKind = (typeof INVESTOR_DOC_KINDS)[number];

/** Who signs a document of a kind: an investor client, or the startup user of the case. */
export type SignerKind = 'client' | 'startup';
export const signerKindOf = (kind: LegalDocKind): SignerKind =>
  kind === 'startup_loi' ? 'startup' : 'client';

export const CONTRACT_LANGS = ['zh-TW', 'en'] as const;
export type ContractLang = (typeof CONTRACT_LANGS)[number];

/** SPEC section 9 "Contract clauses". */
export const CONTRACT_CONSTANTS = {
  confidentiality_years: 5,
  loi_restriction_years: 1,
  arbitrators: 3,
  /** The startup LOI's exclusivity (no-shop) period, in days. */
  exclusivity_days: 60,
} as const;

/** Every placeholder a clause text may use, with what fills it. */
export const CONTRACT_VARIABLES = [
  // The platform's company (the general partner in the subscription contract).
  'party_name',
  'party_representative',
  'party_address',
  // The signer (an investor client, or the startup's representative) and the case.
  'signer_name',
  'signer_email',
  'company_name',
  'fund_name',
  'commitment_amount',
  'date',
  // SPEC section 9 constants and the configured seat of arbitration.
  'confidentiality_years',
  'loi_restriction_years',
  'arbitrators',
  'arbitration_city',
  // Fund notice figures.
  'management_fee_percent',
  'term_years',
  'extension_years',
  'extension_count',
  'admin_reserve_amount',
  'admin_reserve_percent',
  'performance_bonus_percent',
  // The case's round as the startup LOI states it (issue 14), and its no-shop period.
  'round',
  'raising_amount',
  'valuation',
  'price_per_share',
  'exclusivity_days',
  // The COI signer's declaration (issue 13): 無利益衝突 / 有利益衝突, and what the conflict is.
  'conflict_status',
  'conflict_description',
] as const;
export type ContractVariable = (typeof CONTRACT_VARIABLES)[number];
export type ContractValues = Record<ContractVariable, string>;

type Texts = Record<ContractLang, string>;

export interface TemplateClause {
  /** `kind.name`; the fund notice clauses are `fund_notice.*` (SPEC section 3 "Fund notice texts"). */
  key: string;
  heading: Texts;
  body: Texts;
  /**
   * Not rewritable in the contract configuration: the COI's declaration clause must always carry
   * what the signer declared, so a configured text can never drop it.
   */
  fixed?: boolean;
}

export interface LegalTemplate {
  kind: LegalDocKind;
  title: Texts;
  opening: TemplateClause;
  clauses: TemplateClause[];
}

const arbitration: (kind: LegalDocKind) => TemplateClause = (kind) => ({
  key: `${kind}.disputes`,
  heading: { 'zh-TW': '爭議解決', en: 'Disputes' },
  body: {
    'zh-TW':
      '因本文件所生或與之有關之爭議，雙方應先誠信協商；協商不成時，同意依中華民國仲裁法，由 {{arbitrators}} 名仲裁人組成仲裁庭，於{{arbitration_city}}進行仲裁，仲裁判斷為終局並拘束雙方。',
    en: 'Any dispute arising out of or in connection with this document shall first be negotiated in good faith; failing agreement, it shall be finally settled by arbitration under the Arbitration Act of the Republic of China (Taiwan) before a tribunal of {{arbitrators}} arbitrators seated in {{arbitration_city}}. The award is final and binding on both parties.',
  },
});

const confidentiality: (kind: LegalDocKind) => TemplateClause = (kind) => ({
  key: `${kind}.confidentiality`,
  heading: { 'zh-TW': '保密', en: 'Confidentiality' },
  body: {
    'zh-TW':
      '簽署人因本文件取得之被投資公司及{{party_name}}之非公開資訊，應予保密，非經書面同意不得揭露予第三人或作本投資評估以外之使用；保密義務自本文件生效日起 {{confidentiality_years}} 年內有效。',
    en: 'The signer shall keep confidential all non-public information about the investee company and {{party_name}} obtained under this document, and shall neither disclose it to third parties nor use it for any purpose other than evaluating this investment without prior written consent. This obligation lasts {{confidentiality_years}} years from the effective date of this document.',
  },
});

export const LEGAL_TEMPLATES: Record<LegalDocKind, LegalTemplate> = {
  loi: {
    kind: 'loi',
    title: { 'zh-TW': '投資意向書', en: 'Letter of Intent' },
    opening: {
      key: 'loi.opening',
      heading: { 'zh-TW': '', en: '' },
      body: {
        'zh-TW':
          '立意向書人{{signer_name}}（以下簡稱「投資人」）有意透過{{party_name}}（以下簡稱「平台」）參與「{{company_name}}」之投資，特立本意向書，條款如下：',
        en: '{{signer_name}} (the "Investor") intends to take part, through {{party_name}} (the "Platform"), in the investment in "{{company_name}}", and therefore signs this letter of intent on the following terms:',
      },
    },
    clauses: [
      {
        key: 'loi.intent',
        heading: { 'zh-TW': '投資意向', en: 'Intent' },
        body: {
          'zh-TW':
            '投資人擬投資金額為{{commitment_amount}}。本意向書不構成投資人認購之義務，實際投資以雙方另行簽署之認購文件為準。',
          en: 'The Investor intends to invest {{commitment_amount}}. This letter does not oblige the Investor to subscribe; any investment is made only under subscription documents signed separately.',
        },
      },
      {
        key: 'loi.restriction',
        heading: { 'zh-TW': '不投資限制', en: 'Non-investment restriction' },
        body: {
          'zh-TW':
            '自本意向書簽署日起 {{loi_restriction_years}} 年內，投資人不得繞過平台，直接或間接投資被投資公司，或與被投資公司洽談投資事宜。',
          en: 'For {{loi_restriction_years}} year(s) from the date this letter is signed, the Investor shall not, directly or indirectly, invest in or negotiate an investment with the investee company other than through the Platform.',
        },
      },
      confidentiality('loi'),
      arbitration('loi'),
      {
        key: 'loi.effect',
        heading: { 'zh-TW': '生效', en: 'Effect' },
        body: {
          'zh-TW': '本意向書自 {{date}} 起生效。',
          en: 'This letter takes effect on {{date}}.',
        },
      },
    ],
  },
  nda: {
    kind: 'nda',
    title: { 'zh-TW': '保密協議書', en: 'Non-Disclosure Agreement' },
    opening: {
      key: 'nda.opening',
      heading: { 'zh-TW': '', en: '' },
      body: {
        'zh-TW':
          '立協議書人{{signer_name}}（以下簡稱「乙方」）為評估「{{company_name}}」之投資機會，將取得{{party_name}}（以下簡稱「甲方」）提供之機密資訊，雙方同意訂定本協議，條款如下：',
        en: 'To evaluate the investment opportunity in "{{company_name}}", {{signer_name}} (the "Recipient") will receive confidential information from {{party_name}} (the "Discloser"). The parties agree as follows:',
      },
    },
    clauses: [
      {
        key: 'nda.information',
        heading: { 'zh-TW': '機密資訊', en: 'Confidential information' },
        body: {
          'zh-TW':
            '本協議所稱機密資訊，指甲方或被投資公司以書面、電子或口頭方式提供予乙方之一切非公開資訊，包括但不限於財務資料、營運計畫、技術、客戶及股東資料。',
          en: 'Confidential information means all non-public information the Discloser or the investee company provides to the Recipient in writing, electronically or orally, including financial data, business plans, technology, customer and shareholder information.',
        },
      },
      {
        key: 'nda.duty',
        heading: { 'zh-TW': '保密義務', en: 'Duty of confidentiality' },
        body: {
          'zh-TW':
            '乙方應以善良管理人之注意義務保守機密資訊，非經甲方書面同意，不得洩漏予第三人，亦不得用於評估本投資以外之目的。',
          en: 'The Recipient shall protect the confidential information with the care of a prudent manager, shall not disclose it to any third party without the written consent of the Discloser, and shall use it only to evaluate this investment.',
        },
      },
      {
        key: 'nda.term',
        heading: { 'zh-TW': '保密期間', en: 'Term' },
        body: {
          'zh-TW': '本協議之保密義務自本協議生效日起 {{confidentiality_years}} 年內有效。',
          en: 'The obligations of this agreement last {{confidentiality_years}} years from its effective date.',
        },
      },
      {
        key: 'nda.return',
        heading: { 'zh-TW': '資料返還', en: 'Return of information' },
        body: {
          'zh-TW': '甲方要求時，乙方應立即返還或銷毀所有機密資訊及其複本。',
          en: "On the Discloser's request, the Recipient shall promptly return or destroy all confidential information and every copy of it.",
        },
      },
      arbitration('nda'),
      {
        key: 'nda.effect',
        heading: { 'zh-TW': '生效', en: 'Effect' },
        body: {
          'zh-TW': '本協議自 {{date}} 起生效。',
          en: 'This agreement takes effect on {{date}}.',
        },
      },
    ],
  },
  coi: {
    kind: 'coi',
    title: { 'zh-TW': '利益衝突聲明書', en: 'Conflict of Interest Declaration' },
    opening: {
      key: 'coi.opening',
      heading: { 'zh-TW': '', en: '' },
      body: {
        'zh-TW': '本人{{signer_name}}就{{party_name}}所推介之「{{company_name}}」投資案，聲明如下：',
        en: 'I, {{signer_name}}, declare the following about the investment in "{{company_name}}" presented by {{party_name}}:',
      },
    },
    clauses: [
      {
        key: 'coi.statement',
        heading: { 'zh-TW': '利益關係', en: 'Interests' },
        body: {
          'zh-TW':
            '本人及本人之配偶、二親等以內親屬，與被投資公司及其董事、監察人、經理人及主要股東間，可能影響本人判斷之財務或非財務利益關係，均已於下條據實聲明。',
          en: 'Every financial or non-financial interest that I, my spouse or my relatives within the second degree have in the investee company or its directors, supervisors, managers or major shareholders and that could affect my judgement is declared truthfully in the next clause.',
        },
      },
      {
        key: 'coi.conflict',
        heading: { 'zh-TW': '聲明事項（利益衝突）', en: 'Declaration (conflict of interest)' },
        body: {
          'zh-TW':
            '本人聲明：{{conflict_status}}。說明：{{conflict_description}}。本人聲明有利益衝突者，同意迴避本投資案之投資審議委員會討論及投資額度分配。',
          en: 'I declare: {{conflict_status}}. Details: {{conflict_description}}. If I declare a conflict, I agree to recuse myself from the investment committee discussion and the allocation of this investment.',
        },
        fixed: true,
      },
      {
        key: 'coi.disclosure',
        heading: { 'zh-TW': '揭露義務', en: 'Duty to disclose' },
        body: {
          'zh-TW':
            '本人於投資評估及投資期間如發生利益衝突情事，將立即以書面通知{{party_name}}，並迴避相關決策。',
          en: 'Should a conflict of interest arise while the investment is evaluated or held, I will notify {{party_name}} in writing at once and abstain from the decisions concerned.',
        },
      },
      {
        key: 'coi.truth',
        heading: { 'zh-TW': '真實性', en: 'Truthfulness' },
        body: {
          'zh-TW': '本人保證上述聲明真實無誤，如有不實，願負一切法律責任。本聲明書自 {{date}} 起生效。',
          en: 'I warrant that this declaration is true and accept full legal responsibility if it is not. This declaration takes effect on {{date}}.',
        },
      },
    ],
  },
  subscription: {
    kind: 'subscription',
    title: { 'zh-TW': '有限合夥出資認購契約', en: 'Limited Partnership Subscription Agreement' },
    opening: {
      key: 'subscription.opening',
      heading: { 'zh-TW': '', en: '' },
      body: {
        'zh-TW':
          '立契約書人{{party_name}}（以下簡稱「普通合夥人」，代表人{{party_representative}}，地址{{party_address}}）與{{signer_name}}（以下簡稱「有限合夥人」），就為投資「{{company_name}}」而設立之特殊目的有限合夥基金「{{fund_name}}」（以下簡稱「本基金」）之出資認購，約定如下：',
        en: '{{party_name}} (the "General Partner", represented by {{party_representative}}, of {{party_address}}) and {{signer_name}} (the "Limited Partner") agree as follows on the Limited Partner\'s subscription to "{{fund_name}}" (the "Fund"), a special-purpose fund structured as a limited partnership to invest in "{{company_name}}":',
      },
    },
    clauses: [
      {
        key: 'subscription.commitment',
        heading: { 'zh-TW': '出資認購', en: 'Commitment' },
        body: {
          'zh-TW': '有限合夥人認購本基金出資額{{commitment_amount}}，並依普通合夥人之繳款通知按期繳付。',
          en: "The Limited Partner commits {{commitment_amount}} to the Fund and shall pay it as the General Partner's capital calls require.",
        },
      },
      {
        key: 'subscription.term',
        heading: { 'zh-TW': '存續期間', en: 'Term' },
        body: {
          'zh-TW':
            '本基金存續期間為 {{term_years}} 年，經合夥人會議同意得延長 {{extension_count}} 次，每次 {{extension_years}} 年。',
          en: "The Fund lasts {{term_years}} years and may, with the consent of the partners' meeting, be extended {{extension_count}} time(s) by {{extension_years}} year(s) each.",
        },
      },
      {
        key: 'fund_notice.management_fee',
        heading: { 'zh-TW': '管理費', en: 'Management fee' },
        body: {
          'zh-TW': '本基金每年應支付普通合夥人管理費，按認購總額之 {{management_fee_percent}}% 計算。',
          en: 'The Fund pays the General Partner a yearly management fee of {{management_fee_percent}}% of total commitments.',
        },
      },
      {
        key: 'fund_notice.administrative_fee',
        heading: { 'zh-TW': '行政準備金', en: 'Administrative reserve' },
        body: {
          'zh-TW':
            '本基金提列行政準備金，金額為{{admin_reserve_amount}}或認購總額之 {{admin_reserve_percent}}%，以較高者為準。',
          en: 'The Fund keeps an administrative reserve of {{admin_reserve_amount}} or {{admin_reserve_percent}}% of total commitments, whichever is higher.',
        },
      },
      {
        key: 'fund_notice.performance_bonus',
        heading: { 'zh-TW': '績效獎金', en: 'Performance bonus' },
        body: {
          'zh-TW':
            '本基金之投資收益於返還有限合夥人全部出資後，普通合夥人得收取超額收益之 {{performance_bonus_percent}}% 作為績效獎金。',
          en: 'Once the Limited Partners have received back all contributed capital, the General Partner receives {{performance_bonus_percent}}% of further gains as a performance bonus.',
        },
      },
      {
        key: 'fund_notice.other_notice',
        heading: { 'zh-TW': '其他注意事項', en: 'Other notices' },
        body: {
          'zh-TW':
            '投資新創事業具高度風險，有限合夥人可能損失全部出資；本基金出資額之轉讓，應經普通合夥人書面同意。',
          en: "Investing in start-ups carries high risk and the Limited Partner may lose the whole commitment; a commitment may be transferred only with the General Partner's written consent.",
        },
      },
      confidentiality('subscription'),
      arbitration('subscription'),
      {
        key: 'subscription.effect',
        heading: { 'zh-TW': '生效', en: 'Effect' },
        body: {
          'zh-TW': '本契約自 {{date}} 起生效。',
          en: 'This agreement takes effect on {{date}}.',
        },
      },
    ],
  },
  startup_loi: {
    kind: 'startup_loi',
    title: { 'zh-TW': '投資意向書（致被投資公司）', en: 'Letter of Intent (to the Investee Company)' },
    opening: {
      key: 'startup_loi.opening',
      heading: { 'zh-TW': '', en: '' },
      body: {
        'zh-TW':
          '{{party_name}}（以下簡稱「平台」，代表人{{party_representative}}）致「{{company_name}}」（以下簡稱「公司」，代表人{{signer_name}}）：平台有意為公司本輪募資籌組投資人參與投資，特出具本意向書，經公司代表人簽署確認，條款如下：',
        en: '{{party_name}} (the "Platform", represented by {{party_representative}}) to "{{company_name}}" (the "Company", represented by {{signer_name}}): the Platform intends to bring investors into the Company\'s current round and issues this letter of intent, to be countersigned by the Company\'s representative, on the following terms:',
      },
    },
    clauses: [
      {
        key: 'startup_loi.terms',
        heading: { 'zh-TW': '投資條件', en: 'Proposed terms' },
        body: {
          'zh-TW':
            '本輪：{{round}}；募資金額：{{raising_amount}}；投資前估值：{{valuation}}；每股價格：{{price_per_share}}。實際投資金額、價格及條件，以雙方另行簽署之投資契約為準。',
          en: 'Round: {{round}}; amount raised: {{raising_amount}}; pre-money valuation: {{valuation}}; price per share: {{price_per_share}}. The amounts, price and terms of any investment are those of the investment agreements signed separately.',
        },
      },
      {
        key: 'startup_loi.non_binding',
        heading: { 'zh-TW': '不具拘束力', en: 'Non-binding' },
        body: {
          'zh-TW':
            '除「保密」、「排他期間」及「爭議解決」條款外，本意向書不具法律拘束力，不構成平台投資或公司發行股份之義務。',
          en: 'Except for the Confidentiality, Exclusivity and Disputes clauses, this letter is not legally binding and obliges neither the Platform to invest nor the Company to issue shares.',
        },
      },
      {
        key: 'startup_loi.exclusivity',
        heading: { 'zh-TW': '排他期間', en: 'Exclusivity' },
        body: {
          'zh-TW':
            '自本意向書簽署日起 {{exclusivity_days}} 日內，公司不得就本輪募資與平台以外之第三人洽談、招攬或接受投資提議，但經平台書面同意者不在此限。',
          en: "For {{exclusivity_days}} days from the date this letter is signed, the Company shall not negotiate, solicit or accept any investment proposal for this round from anyone other than the Platform without the Platform's written consent.",
        },
      },
      {
        key: 'startup_loi.confidentiality',
        heading: { 'zh-TW': '保密', en: 'Confidentiality' },
        body: {
          'zh-TW':
            '雙方因本意向書取得之對方非公開資訊及本意向書之內容，應予保密，非經對方書面同意不得揭露予第三人；保密義務自本意向書生效日起 {{confidentiality_years}} 年內有效。',
          en: "Each party shall keep confidential the other's non-public information obtained under this letter and the contents of this letter, and shall not disclose them to third parties without the other's written consent. This obligation lasts {{confidentiality_years}} years from the effective date of this letter.",
        },
      },
      arbitration('startup_loi'),
      {
        key: 'startup_loi.effect',
        heading: { 'zh-TW': '生效', en: 'Effect' },
        body: {
          'zh-TW': '本意向書自 {{date}} 起生效。',
          en: 'This letter takes effect on {{date}}.',
        },
      },
    ],
  },
};

/** Every clause of every template, by key: what the contract configuration may rewrite. */
export const TEMPLATE_CLAUSES: ReadonlyMap<string, TemplateClause & { kind: LegalDocKind }> = new Map(
  LEGAL_DOC_KINDS.flatMap((kind) => {
    const t = LEGAL_TEMPLATES[kind];
    return [t.opening, ...t.clauses].filter((c) => !c.fixed).map((c) => [c.key, { ...c, kind }] as const);
  }),
);
export const TEMPLATE_CLAUSE_KEYS = [...TEMPLATE_CLAUSES.keys()];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export type TemplateProblem = { kind: 'unknown'; name: string } | { kind: 'braces' };

/** What is wrong with a clause text: placeholders that are not variables, and stray braces. */
export function templateProblems(text: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const known = new Set<string>(CONTRACT_VARIABLES);
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!known.has(name)) problems.push({ kind: 'unknown', name });
  }
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) problems.push({ kind: 'braces' });
  return problems;
}

/** The problems of a clause text in words (the API's validation messages). */
export function templateIssues(text: string): string[] {
  return templateProblems(text).map((p) =>
    p.kind === 'unknown' ? `Unknown placeholder {{${p.name}}}` : 'Unbalanced {{ or }}',
  );
}

/** Fills a clause text; an unknown placeholder is an error (texts are checked when saved). */
export function fillTemplate(text: string, values: ContractValues): string {
  return text.replace(PLACEHOLDER, (_whole, raw: string) => {
    const name = raw as ContractVariable;
    if (!Object.hasOwn(values, name)) throw new Error(`Unknown placeholder {{${raw}}}`);
    return values[name];
  });
}

export interface FilledClause {
  key: string;
  heading: string;
  body: string;
}

/** A document ready to lay out: title, opening and numbered clauses in one language. */
export interface FilledDocument {
  kind: LegalDocKind;
  lang: ContractLang;
  title: string;
  opening: string;
  clauses: FilledClause[];
}

/**
 * Fills a template in one language. `texts` holds the configured clause bodies that replace the
 * defaults (by clause key, per language); a text missing or blank in one language falls back to
 * the default of that language.
 */
export function fillLegalDocument(
  kind: LegalDocKind,
  lang: ContractLang,
  values: ContractValues,
  texts: Partial<Record<string, Partial<Texts>>> = {},
): FilledDocument {
  const template = LEGAL_TEMPLATES[kind];
  const bodyOf = (clause: TemplateClause) => {
    const configured = clause.fixed ? undefined : texts[clause.key]?.[lang];
    return fillTemplate(configured?.trim() ? configured : clause.body[lang], values);
  };
  return {
    kind,
    lang,
    title: template.title[lang],
    opening: bodyOf(template.opening),
    clauses: template.clauses.map((c) => ({ key: c.key, heading: c.heading[lang], body: bodyOf(c) })),
  };
}
