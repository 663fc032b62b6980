import type { OptionItem, StaticKeyItem, StaticKeySubItem, StaticKeyType } from '@dealflow/domain';

/**
 * What the static lists hold until an administrator changes them in `platform_settings`. Kept in
 * code, not in a migration, so a fresh database and an emptied setting both fall back to them.
 */

const sub = (key: string, label_zh: string, label_en: string): StaticKeySubItem => ({
  key,
  label_zh,
  label_en,
});
const item = (
  key: string,
  label_zh: string,
  label_en: string,
  sub_items?: StaticKeySubItem[],
): StaticKeyItem => ({
  key,
  label_zh,
  label_en,
  ...(sub_items ? { sub_items } : {}),
});

const DOMAINS: StaticKeyItem[] = [
  item('ai', '人工智慧', 'Artificial intelligence', [
    sub('ml', '機器學習', 'Machine learning'),
    sub('cv', '電腦視覺', 'Computer vision'),
    sub('nlp', '自然語言處理', 'Natural language processing'),
    sub('genai', '生成式 AI', 'Generative AI'),
  ]),
  item('biotech', '生物科技', 'Biotechnology', [
    sub('drug', '新藥開發', 'Drug development'),
    sub('medical_device', '醫療器材', 'Medical devices'),
    sub('diagnostics', '檢驗診斷', 'Diagnostics'),
    sub('regenerative', '再生醫療', 'Regenerative medicine'),
  ]),
  item('fintech', '金融科技', 'Fintech', [
    sub('payments', '支付', 'Payments'),
    sub('insurtech', '保險科技', 'Insurtech'),
    sub('wealthtech', '財富管理科技', 'Wealthtech'),
    sub('blockchain', '區塊鏈', 'Blockchain'),
  ]),
  item('greentech', '綠能科技', 'Green technology', [
    sub('solar', '太陽能', 'Solar power'),
    sub('wind', '風力發電', 'Wind power'),
    sub('energy_storage', '儲能', 'Energy storage'),
    sub('carbon', '碳管理', 'Carbon management'),
  ]),
  item('healthcare', '醫療照護', 'Healthcare', [
    sub('digital_health', '數位醫療', 'Digital health'),
    sub('telemedicine', '遠距醫療', 'Telemedicine'),
    sub('elderly_care', '長期照護', 'Elderly care'),
  ]),
  item('semiconductor', '半導體', 'Semiconductors', [
    sub('ic_design', 'IC 設計', 'IC design'),
    sub('equipment', '設備與材料', 'Equipment and materials'),
    sub('packaging', '封裝測試', 'Packaging and testing'),
  ]),
  item('security', '資訊安全', 'Cybersecurity'),
  item('education', '教育科技', 'Education technology'),
  item('ecommerce', '電子商務', 'E-commerce'),
  item('agritech', '農業科技', 'Agritech'),
  item('mobility', '智慧移動', 'Smart mobility', [
    sub('ev', '電動車', 'Electric vehicles'),
    sub('autonomous', '自駕技術', 'Autonomous driving'),
  ]),
  item('maritime', '海洋科技', 'Marine technology'),
  item('iot', '物聯網', 'Internet of things'),
  item('saas', '企業軟體', 'Enterprise software'),
  item('media', '數位內容', 'Digital content and media'),
  item('foodtech', '食品科技', 'Food technology'),
  item('space', '太空科技', 'Space technology'),
  item('consumer', '消費品牌', 'Consumer brands'),
];

const INDUSTRIES: StaticKeyItem[] = [
  item('manufacturing', '製造業', 'Manufacturing', [
    sub('electronics', '電子零組件', 'Electronic components'),
    sub('machinery', '機械設備', 'Machinery'),
    sub('textiles', '紡織', 'Textiles'),
    sub('chemicals', '化學材料', 'Chemicals'),
  ]),
  item('ict', '資訊通訊', 'Information and communications', [
    sub('software', '軟體服務', 'Software services'),
    sub('telecom', '電信', 'Telecommunications'),
    sub('hardware', '電腦硬體', 'Computer hardware'),
  ]),
  item('finance', '金融保險', 'Finance and insurance', [
    sub('banking', '銀行', 'Banking'),
    sub('insurance', '保險', 'Insurance'),
    sub('securities', '證券', 'Securities'),
  ]),
  item('healthcare', '醫療保健', 'Health care', [
    sub('hospitals', '醫院診所', 'Hospitals and clinics'),
    sub('pharma', '製藥', 'Pharmaceuticals'),
  ]),
  item('retail', '批發零售', 'Wholesale and retail'),
  item('logistics', '運輸物流', 'Transport and logistics'),
  item('energy', '能源', 'Energy', [
    sub('power', '電力', 'Electric power'),
    sub('oil_gas', '石油天然氣', 'Oil and gas'),
    sub('renewables', '再生能源', 'Renewable energy'),
  ]),
  item('construction', '營建工程', 'Construction'),
  item('real_estate', '不動產', 'Real estate'),
  item('agriculture', '農林漁牧', 'Agriculture, forestry and fishing'),
  item('hospitality', '觀光餐旅', 'Tourism and hospitality'),
  item('education', '教育服務', 'Education'),
  item('culture', '文化創意', 'Culture and creative industries'),
  item('public', '公共行政', 'Public administration'),
  item('professional', '專業服務', 'Professional services'),
];

export const DEFAULT_STATIC_KEYS: Record<StaticKeyType, StaticKeyItem[]> = {
  domain: DOMAINS,
  industry: INDUSTRIES,
};

const option = (value: string, label_zh: string, label_en: string): OptionItem => ({
  value,
  label_zh,
  label_en,
});

/** Select options by option type; the case fields `round`, `source` and `opportunity_record_type` use them. */
export const DEFAULT_OPTIONS: Record<string, OptionItem[]> = {
  round: [
    option('Angel', '天使輪', 'Angel'),
    option('Seed', '種子輪', 'Seed'),
    option('Pre-A', 'Pre-A 輪', 'Pre-A'),
    option('A', 'A 輪', 'Series A'),
    option('B', 'B 輪', 'Series B'),
    option('C+', 'C 輪以上', 'Series C and later'),
  ],
  source: [
    option('referral', '轉介', 'Referral'),
    option('inbound', '主動來信', 'Inbound application'),
    option('event', '活動', 'Event'),
    option('accelerator', '加速器', 'Accelerator'),
    option('partner', '合作夥伴', 'Partner'),
    option('network', '人脈', 'Personal network'),
    option('media', '媒體報導', 'Media'),
  ],
  opportunity_record_type: [
    option('new_investment', '新投資案', 'New investment'),
    option('follow_on', '追加投資', 'Follow-on investment'),
    option('co_investment', '共同投資', 'Co-investment'),
    option('fund', '基金投資', 'Fund investment'),
  ],
};
