import type { ContactStage, Currency, MembershipTier } from './stages.ts';

/**
 * Names of the client book's enumerated values, in both languages. They live here, not only in
 * the web's i18n, because the server reads them too: a client list exported to a spreadsheet
 * shows these names, and the same file re-imported is read back through them (issue 9).
 */
export type Bilingual = { 'zh-TW': string; en: string };

export const CONTACT_STAGE_LABELS: Record<ContactStage, Bilingual> = {
  p0: { 'zh-TW': 'P0 開發規劃', en: 'P0 Development plan' },
  p1: { 'zh-TW': 'P1 接觸', en: 'P1 Contact' },
  p2: { 'zh-TW': 'P2 面談', en: 'P2 Interview' },
  p3: { 'zh-TW': 'P3 提案', en: 'P3 Proposal' },
  p4: { 'zh-TW': 'P4 簽約', en: 'P4 Contract signed' },
  p5: { 'zh-TW': 'P5 執行', en: 'P5 Execution' },
  p6: { 'zh-TW': 'P6 維繫', en: 'P6 Retention' },
  drop: { 'zh-TW': '封存', en: 'Archived' },
};

export const MEMBERSHIP_LABELS: Record<MembershipTier, Bilingual> = {
  gp: { 'zh-TW': '普通合夥人', en: 'General partner' },
  ic: { 'zh-TW': '投資委員會委員', en: 'Investment committee member' },
  panel: { 'zh-TW': '評審團成員', en: 'Panel member' },
  lp_cvc_co_invest: {
    'zh-TW': '有限合夥人／企業創投（含案件共同投資）',
    en: 'LP/CVC with case co-investment',
  },
  lp_cvc: { 'zh-TW': '有限合夥人／企業創投（不含共同投資）', en: 'LP/CVC without co-investment' },
  paid_co_invest: { 'zh-TW': '付費會員（含共同投資）', en: 'Paid member with co-investment' },
  paid: { 'zh-TW': '付費會員（不含共同投資）', en: 'Paid member without co-investment' },
  general: { 'zh-TW': '一般會員', en: 'General member' },
};

export const CURRENCY_LABELS: Record<Currency, Bilingual> = {
  NTD: { 'zh-TW': '新臺幣', en: 'New Taiwan dollar' },
  USD: { 'zh-TW': '美元', en: 'US dollar' },
  CNY: { 'zh-TW': '人民幣', en: 'Renminbi' },
  JPY: { 'zh-TW': '日圓', en: 'Japanese yen' },
  HKD: { 'zh-TW': '港幣', en: 'Hong Kong dollar' },
  SGD: { 'zh-TW': '新加坡幣', en: 'Singapore dollar' },
  EUR: { 'zh-TW': '歐元', en: 'Euro' },
};

/** One language's names of a label table, as the web's i18n resources hold them. */
export function labelsIn<K extends string>(
  table: Record<K, Bilingual>,
  language: keyof Bilingual,
): Record<K, string> {
  return Object.fromEntries(Object.entries<Bilingual>(table).map(([k, v]) => [k, v[language]])) as Record<
    K,
    string
  >;
}
