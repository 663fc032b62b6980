import { count, eq } from 'drizzle-orm';
import {
  applyFundRoleEdit,
  messagePreview,
  type CaseStage,
  type ContactStage,
  type FundRole,
  type MembershipTier,
  normalizeFundInfo,
} from '@dealflow/domain';
import type { Db } from '../client.ts';
import {
  activityLogs,
  cardGrants,
  cardGroupMembers,
  cardGroups,
  cards,
  caseRoles,
  cases,
  caseCalendars,
  caseTodos,
  clients,
  clientTodos,
  employees,
  qaEntries,
  serviceMessages,
  serviceThreads,
  startupUsers,
  workLogs,
} from '../schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';

export const DEMO_ACCOUNTS = {
  staff: [
    { email: 'admin@example.com', name: '王大明', role: 'admin', title: '執行合夥人' },
    { email: 'ao@example.com', name: '林怡君', role: 'ao', title: '投資經理' },
    { email: 'ir@example.com', name: '陳志豪', role: 'ir', title: '投資人關係經理' },
    { email: 'sa@example.com', name: '張雅婷', role: 'sa', title: '業務專員' },
  ],
  investor: 'investor@example.com',
  startup: 'startup@example.com',
} as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoClient {
  name: string;
  last: string;
  first: string;
  membership: MembershipTier;
  stage: ContactStage;
  type: string;
  domains: string[];
  check: string;
  /** What they put into one case, NT$. */
  checkSize: number;
}

/**
 * The industries (static keys of type industry) a demo investor follows, read off the domains
 * they invest in: the two lists are different vocabularies, and a domain key in the industry list
 * showed as a raw key in the profile.
 */
const INDUSTRY_OF_DOMAIN: Record<string, string> = {
  ai: 'software',
  biotech: 'pharma',
  semiconductor: 'electronics',
  fintech: 'finance',
  healthcare: 'healthcare',
  greentech: 'renewables',
  mobility: 'manufacturing',
  education: 'education',
  ecommerce: 'retail',
  agritech: 'agriculture',
  security: 'ict',
  maritime: 'logistics',
};
const industriesOf = (domains: readonly string[]) => [
  ...new Set(domains.flatMap((d) => (INDUSTRY_OF_DOMAIN[d] ? [INDUSTRY_OF_DOMAIN[d]] : []))),
];

const CLIENTS: DemoClient[] = [
  {
    name: '李家豪',
    last: '李',
    first: '家豪',
    membership: 'paid_co_invest',
    stage: 'p5',
    type: 'Angel',
    domains: ['biotech', 'ai'],
    check: '100萬–300萬',
    checkSize: 2000000,
  },
  {
    name: '周美玲',
    last: '周',
    first: '美玲',
    membership: 'gp',
    stage: 'p6',
    type: 'Lead Angel',
    domains: ['semiconductor'],
    check: '500萬以上',
    checkSize: 5000000,
  },
  {
    name: '吳宗翰',
    last: '吳',
    first: '宗翰',
    membership: 'ic',
    stage: 'p4',
    type: 'Lead Angel',
    domains: ['fintech'],
    check: '300萬–500萬',
    checkSize: 5000000,
  },
  {
    name: '許雅雯',
    last: '許',
    first: '雅雯',
    membership: 'panel',
    stage: 'p3',
    type: 'Angel',
    domains: ['healthcare'],
    check: '100萬–300萬',
    checkSize: 2000000,
  },
  {
    name: '鄭明哲',
    last: '鄭',
    first: '明哲',
    membership: 'lp_cvc_co_invest',
    stage: 'p2',
    type: 'CVC',
    domains: ['greentech', 'mobility'],
    check: '1000萬以上',
    checkSize: 10000000,
  },
  {
    name: '台灣創投控股',
    last: '',
    first: '',
    membership: 'lp_cvc',
    stage: 'p1',
    type: 'LP',
    domains: ['ai'],
    check: '1000萬以上',
    checkSize: 10000000,
  },
  {
    name: '蔡佩珊',
    last: '蔡',
    first: '佩珊',
    membership: 'paid',
    stage: 'p0',
    type: 'Angel',
    domains: ['education'],
    check: '50萬–100萬',
    checkSize: 1000000,
  },
  {
    name: '劉俊傑',
    last: '劉',
    first: '俊傑',
    membership: 'general',
    stage: 'drop',
    type: 'Angel',
    domains: ['ecommerce'],
    check: '50萬以下',
    checkSize: 500000,
  },
  {
    name: '楊淑芬',
    last: '楊',
    first: '淑芬',
    membership: 'general',
    stage: 'p1',
    type: 'Angel',
    domains: ['agritech'],
    check: '50萬以下',
    checkSize: 500000,
  },
  {
    name: '謝志明',
    last: '謝',
    first: '志明',
    membership: 'paid_co_invest',
    stage: 'p5',
    type: 'Angel',
    domains: ['ai', 'security'],
    check: '100萬–300萬',
    checkSize: 2000000,
  },
  {
    name: '洪詩涵',
    last: '洪',
    first: '詩涵',
    membership: 'panel',
    stage: 'p6',
    type: 'Angel',
    domains: ['healthcare'],
    check: '300萬–500萬',
    checkSize: 5000000,
  },
  {
    name: '遠見家族辦公室',
    last: '',
    first: '',
    membership: 'lp_cvc_co_invest',
    stage: 'p4',
    type: 'Family Office',
    domains: ['semiconductor', 'greentech'],
    check: '1000萬以上',
    checkSize: 10000000,
  },
];

interface DemoCase {
  name: string;
  status: CaseStage;
  round: string;
  raising: number;
  preMoney: number;
  funding?: number;
  domains: string[];
  source: string;
  overview: string;
  website: string;
  daysAgo: number;
  /** Shown to LP/CVC and paid members (the term sheet's is_show_fund_platform; issue 13). */
  onPlatform?: boolean;
  /** Shown to investors under a code name until they sign its NDA (issue 13). */
  deIdentified?: boolean;
}

/** What investors read of a raising case: the summary of terms and the business plan (issue 13). */
function demoTerms(c: DemoCase): {
  term_sheet: Record<string, unknown>;
  business_plan: Record<string, string>;
} {
  const raising = ['s1', 's2', 's3', 's4'].includes(c.status);
  return {
    term_sheet: raising
      ? {
          is_show_fund_platform: c.onPlatform ?? false,
          summary_terms: `本輪（${c.round}）募資新臺幣 ${c.raising / 10_000} 萬元，投前估值 ${c.preMoney / 10_000} 萬元；普通股增資，預計兩個月內完成交割。`,
          total_amount: c.raising,
          investment_amount: Math.round(c.raising / 10),
          type_of_security: '普通股',
        }
      : {},
    business_plan: raising
      ? {
          problem: '目標客群面臨的痛點明確，現有解決方案成本高且導入時間長。',
          solution: c.overview,
          market: '臺灣市場規模約新臺幣 120 億元，東南亞市場年成長率 18%。',
          business_model: '以年度訂閱收費，搭配導入服務費；毛利率約 65%。',
        }
      : {},
  };
}

const CASES: DemoCase[] = [
  {
    name: '晶創生醫股份有限公司',
    status: 's1',
    round: 'Seed',
    raising: 30_000_000,
    preMoney: 120_000_000,
    domains: ['biotech'],
    source: '台大創創中心推薦',
    overview: '以微流道晶片進行早期癌症篩檢，檢測時間由兩週縮短為兩小時。',
    website: 'https://jingchuang-bio.example.com',
    daysAgo: 40,
    onPlatform: true,
  },
  {
    name: '雲湧智能科技股份有限公司',
    status: 's0',
    round: 'Pre-A',
    raising: 50_000_000,
    preMoney: 250_000_000,
    domains: ['ai'],
    source: '投資人推薦',
    overview: '為製造業提供生成式 AI 品檢系統，已導入三家上市櫃工廠。',
    website: 'https://yunyong.example.com',
    daysAgo: 5,
  },
  {
    name: '綠循材料股份有限公司',
    status: 's2',
    round: 'A',
    raising: 80_000_000,
    preMoney: 400_000_000,
    domains: ['greentech'],
    source: '加速器 Demo Day',
    overview: '將廢棄寶特瓶回收為高強度工程塑料，年處理量 1.2 萬噸。',
    website: 'https://greencycle.example.com',
    daysAgo: 90,
    onPlatform: true,
  },
  {
    name: '樂齡照護科技有限公司',
    status: 's3',
    round: 'Seed',
    raising: 15_000_000,
    preMoney: 60_000_000,
    domains: ['healthcare'],
    source: '創業競賽',
    overview: '以非接觸式感測守護獨居長者，已服務 2,300 戶家庭。',
    website: 'https://leling.example.com',
    daysAgo: 120,
    onPlatform: true,
  },
  {
    name: '海研數據股份有限公司',
    status: 's4',
    round: 'A',
    raising: 120_000_000,
    preMoney: 600_000_000,
    domains: ['ai', 'maritime'],
    source: '合作創投共同投資',
    overview: '以衛星與船舶資料預測航運碳排，客戶涵蓋四大航商。',
    website: 'https://oceandata.example.com',
    daysAgo: 150,
    onPlatform: true,
  },
  {
    name: '微光半導體股份有限公司',
    status: 'after_invest',
    round: 'B',
    raising: 300_000_000,
    preMoney: 2_400_000_000,
    funding: 60_000_000,
    domains: ['semiconductor'],
    source: '主動開發',
    overview: '開發矽光子收發模組，良率已達量產水準。',
    website: 'https://microlight.example.com',
    daysAgo: 400,
  },
  {
    name: '食安溯源科技股份有限公司',
    status: 'after_invest',
    round: 'Pre-A',
    raising: 40_000_000,
    preMoney: 160_000_000,
    funding: 8_000_000,
    domains: ['agritech'],
    source: '投資人推薦',
    overview: '以區塊鏈記錄農產品產銷履歷，合作農場超過 500 家。',
    website: 'https://foodtrace.example.com',
    daysAgo: 380,
  },
  {
    name: '城市共享物流股份有限公司',
    status: 'finish',
    round: 'A',
    raising: 100_000_000,
    preMoney: 500_000_000,
    funding: 20_000_000,
    domains: ['mobility'],
    source: '主動開發',
    overview: '都會區最後一哩共享配送網絡，2025 年由國際物流集團併購。',
    website: 'https://citylogi.example.com',
    daysAgo: 900,
  },
  {
    name: '星河教育科技有限公司',
    status: 'drop',
    round: 'Seed',
    raising: 10_000_000,
    preMoney: 40_000_000,
    domains: ['education'],
    source: '官網投件',
    overview: '線上程式教育平台，因市場競爭與團隊變動暫停評估。',
    website: 'https://galaxyedu.example.com',
    daysAgo: 200,
  },
  {
    name: '量子安全通訊股份有限公司',
    status: 's1',
    round: 'Seed',
    raising: 25_000_000,
    preMoney: 100_000_000,
    domains: ['security'],
    source: '研究機構技轉',
    overview: '後量子密碼晶片 IP，已取得兩項美國專利。',
    website: 'https://qsecure.example.com',
    daysAgo: 25,
  },
  {
    name: '森活農業科技有限公司',
    status: 'draft',
    round: 'Angel',
    raising: 8_000_000,
    preMoney: 30_000_000,
    domains: ['agritech'],
    source: '官網投件',
    overview: '垂直農場自動化控制系統，單位面積產量為傳統溫室 8 倍。',
    website: 'https://senhuo.example.com',
    daysAgo: 2,
  },
  {
    name: '藍鯨金融科技股份有限公司',
    status: 's2',
    round: 'Pre-A',
    raising: 60_000_000,
    preMoney: 300_000_000,
    domains: ['fintech'],
    source: '合作銀行轉介',
    overview: '中小企業應收帳款融資平台，月撥款金額突破新臺幣 3 億元。',
    website: 'https://bluewhale.example.com',
    daysAgo: 70,
    onPlatform: true,
    deIdentified: true,
  },
  {
    name: '織夢時尚電商股份有限公司',
    status: 's0',
    round: 'Seed',
    raising: 12_000_000,
    preMoney: 48_000_000,
    domains: ['ecommerce'],
    source: '投資人推薦',
    overview: '永續時尚二手轉售平台，會員數 18 萬人。',
    website: 'https://dreamweave.example.com',
    daysAgo: 12,
  },
  {
    name: '遠見醫療影像股份有限公司',
    status: 'draft',
    round: 'Seed',
    raising: 20_000_000,
    preMoney: 90_000_000,
    domains: ['healthcare', 'ai'],
    source: '醫院合作轉介',
    overview: 'AI 輔助判讀胸部 X 光，已取得 TFDA 二類醫材許可。',
    website: 'https://farsight.example.com',
    daysAgo: 1,
  },
];

/**
 * Demo data in Traditional Chinese, loaded only into an empty database: staff of every role,
 * investors over every membership tier and contact stage, cases over every stage, one startup user.
 */
/**
 * Who invested in what (indexes into CASES and CLIENTS): the funded and finished cases have their
 * lead angel and co-investors, with what they put in, what it is worth now and what came back, so
 * the client list, a client's portfolio and a case's fund roles show real figures.
 */
const ROLES: Array<{
  caseIndex: number;
  clientIndex: number;
  role: FundRole;
  invest?: number;
  holdings?: number;
  refunded?: number;
}> = [
  { caseIndex: 5, clientIndex: 1, role: 'lead_angel', invest: 10_000_000, holdings: 18_000_000 },
  { caseIndex: 5, clientIndex: 0, role: 'co_invest', invest: 3_000_000, holdings: 5_400_000 },
  { caseIndex: 5, clientIndex: 10, role: 'co_invest', invest: 2_000_000, holdings: 3_600_000 },
  { caseIndex: 5, clientIndex: 11, role: 'panel' },
  { caseIndex: 6, clientIndex: 9, role: 'lead_angel', invest: 5_000_000, holdings: 4_000_000 },
  { caseIndex: 6, clientIndex: 0, role: 'co_invest', invest: 1_500_000, holdings: 1_200_000 },
  { caseIndex: 7, clientIndex: 10, role: 'lead_angel', invest: 6_000_000, holdings: 0, refunded: 12_000_000 },
  { caseIndex: 7, clientIndex: 1, role: 'co_invest', invest: 4_000_000, holdings: 0, refunded: 9_000_000 },
  { caseIndex: 4, clientIndex: 2, role: 'observer' },
];

/** The stages a demo item passed through to reach where it is: the main path, a drop after a few steps. */
export function demoPath<S extends string>(main: readonly S[], stage: S, drop: S, dropAfter: number): S[] {
  if (stage === drop) return [...main.slice(0, dropAfter), drop];
  const at = main.indexOf(stage);
  return at < 0 ? [stage] : main.slice(0, at + 1);
}

/**
 * When each step of a path happened: the first at creation, the others spread evenly up to `last`
 * (a day ago by default), so the report's history, feeds and trends have something to show on a
 * fresh install.
 */
export function demoStepTimes(createdAt: number, now: number, steps: number, last = now - DAY): number[] {
  const span = Math.max(0, last - createdAt);
  return Array.from({ length: steps }, (_, j) =>
    j === 0 ? createdAt : createdAt + Math.round((span * j) / (steps - 1)),
  );
}

const CASE_MAIN: readonly CaseStage[] = ['s0', 's1', 's2', 's3', 's4', 'after_invest', 'finish'];
const CLIENT_MAIN: readonly ContactStage[] = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'];

/** The demo Q&A entries, in their order (issue 13). */
export const DEMO_QA: ReadonlyArray<{
  question: string;
  answer: string;
  category: string;
  published: boolean;
}> = [
  {
    category: '平台使用',
    question: '我可以在投資人專區看到哪些案件？',
    answer:
      '您可看到的案件依會員等級而定：GP、IC 與 Panel 成員可看到所有進入 s1 以後的案件；LP、CVC 與付費會員可看到已開放於基金平台的案件；一般會員則可看到受邀參與的案件。您已投資或擔任角色的案件，包括投後與結案的案件，都會一直顯示。',
    published: true,
  },
  {
    category: '平台使用',
    question: '為什麼有些案件只顯示代號，看不到公司名稱？',
    answer:
      '部分案件在簽署保密協議（NDA）前會去識別化，只顯示代號與概要。請在案件頁面閱讀並簽署 NDA，完成後即可看到公司名稱、團隊與相關文件。',
    published: true,
  },
  {
    category: '投資流程',
    question: '如何表達對某個案件的投資意向？',
    answer:
      '具共同投資資格的會員可在案件頁面點選「我有興趣」，並可填寫預計投資金額；此意向不具約束力，隨時可以撤回。其他會員可透過基金參與投資，頁面會說明相關方式。',
    published: true,
  },
  {
    category: '投資流程',
    question: '簽署文件時收到的驗證碼多久內有效？',
    answer:
      '驗證碼會寄到您的註冊信箱，於 10 分鐘內有效，且僅能使用一次。若逾時或輸入錯誤次數過多，請重新申請新的驗證碼。',
    published: true,
  },
  {
    category: '文件與報告',
    question: '下載的文件上為什麼有我的姓名與時間？',
    answer:
      '為保護被投資公司的資訊，您開啟或下載的每份文件都會加上您的姓名、電子郵件與時間浮水印，並記錄於案件歷程中。請勿轉寄或公開這些文件。',
    published: true,
  },
  {
    category: '帳號與安全',
    question: '如何變更密碼？變更後其他裝置會怎樣？',
    answer:
      '請點選右上角的鑰匙圖示或選單中的「變更密碼」，輸入目前密碼與新密碼即可。變更後，您在其他裝置上的登入會全部失效，需要重新登入。',
    published: true,
  },
  {
    category: '帳號與安全',
    question: '會員資格到期後會怎樣？',
    answer: '會員資格到期後將無法瀏覽案件內容。如需續約，請透過「聯繫我們」與您的專屬窗口聯絡。',
    published: false,
  },
];

/** The demo card book's groups, by index in DEMO_CARDS' `groups`. */
export const DEMO_CARD_GROUPS = ['共同投資人', '法律與會計顧問', '潛在新創'] as const;

/** The demo card book: the AO's contacts (one the IR may read, one edit), and one of admin's. */
export const DEMO_CARDS: ReadonlyArray<{
  name: string;
  company: string;
  title: string;
  phones: string[];
  emails: string[];
  address?: string;
  notes?: string;
  tags: string[];
  groups: number[];
  owner: 'ao' | 'admin';
  sharedWithIr?: 'read' | 'edit';
}> = [
  {
    name: '黃國華',
    company: '遠山創投股份有限公司',
    title: '合夥人',
    phones: ['02-2718-5566', '0912-345-678'],
    emails: ['kh.huang@example.com'],
    address: '台北市松山區敦化北路 100 號 12 樓',
    notes: '專注醫療器材與數位健康，曾與我們共同投資兩案，偏好 A 輪以後。',
    tags: ['醫療', 'A 輪'],
    groups: [0],
    owner: 'ao',
    sharedWithIr: 'read',
  },
  {
    name: '蔡宜臻',
    company: '理律聯合法律事務所',
    title: '資深律師',
    phones: ['02-2715-3300'],
    emails: ['yichen.tsai@example.com'],
    address: '台北市松山區敦化北路 168 號',
    notes: '投資契約與有限合夥設立；保密協議範本由她審閱。',
    tags: ['法律', '有限合夥'],
    groups: [1],
    owner: 'ao',
    sharedWithIr: 'edit',
  },
  {
    name: '吳承翰',
    company: '安永聯合會計師事務所',
    title: '會計師',
    phones: ['02-2757-8888'],
    emails: ['chenghan.wu@example.com'],
    notes: '財務盡職調查合作窗口。',
    tags: ['會計', '盡職調查'],
    groups: [1],
    owner: 'ao',
  },
  {
    name: '鄭雅文',
    company: '綠能循環科技（籌備中）',
    title: '共同創辦人',
    phones: ['0933-222-111'],
    emails: ['yawen@example.com'],
    notes: '創業展會認識，預計明年第一季募資，下次見面再評估是否建案。',
    tags: ['循環經濟', '種子輪'],
    groups: [2],
    owner: 'ao',
  },
  {
    name: '陳邁可',
    company: '太平洋橋資本',
    title: '董事總經理',
    phones: ['+65 6123 4567'],
    emails: ['michael.chen@example.com'],
    address: '新加坡濱海灣金融中心一號塔',
    notes: '新加坡共同投資窗口，關注東南亞市場擴張的案件。',
    tags: ['海外', '共同投資'],
    groups: [0, 2],
    owner: 'admin',
  },
];

/** The demo work logs: the ao's on cases, the ir's with investors. */
export const DEMO_WORK_LOGS: ReadonlyArray<{
  who: 'ao' | 'ir';
  kind: 'call' | 'meeting' | 'visit' | 'email' | 'other';
  content: string;
  hoursAgo: number;
  caseIndex?: number;
}> = [
  {
    who: 'ao',
    kind: 'meeting',
    caseIndex: 0,
    hoursAgo: 26,
    content: '與執行長及財務長會議，確認本輪募資用途與里程碑。',
  },
  {
    who: 'ao',
    kind: 'call',
    caseIndex: 1,
    hoursAgo: 50,
    content: '電話追蹤財務預測更新進度，對方預計下週提供。',
  },
  {
    who: 'ao',
    kind: 'visit',
    caseIndex: 3,
    hoursAgo: 74,
    content: '實地參訪工廠產線，了解量產良率與擴產計畫。',
  },
  { who: 'ir', kind: 'call', hoursAgo: 5, content: '致電李家豪，說明遠見醫影增資說明會可線上參加。' },
  { who: 'ir', kind: 'email', hoursAgo: 30, content: '寄送第三季投資報告給有限合夥人。' },
];

export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(employees);
  if (Number(existing?.n ?? 0) > 0) return false;

  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const staff = await tx
      .insert(employees)
      .values(DEMO_ACCOUNTS.staff.map((s) => ({ ...s, password_hash: hash, phone: '02-2345-6789' })))
      .returning();
    const ao = staff.find((s) => s.role === 'ao')!;
    const admin = staff.find((s) => s.role === 'admin')!;
    const ir = staff.find((s) => s.role === 'ir')!;
    const sa = staff.find((s) => s.role === 'sa')!;

    const clientRows = await tx
      .insert(clients)
      .values(
        CLIENTS.map((c, i) => ({
          email: i === 0 ? DEMO_ACCOUNTS.investor : `investor${i + 1}@example.com`,
          // Only the demo investor can sign in; the others are prospects without an account yet.
          password_hash: i === 0 ? hash : null,
          name: c.name,
          last_name: c.last || null,
          first_name: c.first || null,
          type: c.type,
          membership: c.membership,
          process_status: c.stage,
          phone: `09${String(12_345_678 + i * 1_111_111).slice(0, 8)}`,
          domain_keys: c.domains,
          industry_keys: industriesOf(c.domains),
          check_size: c.checkSize,
          scale: c.check,
          employee_id: ['p5', 'p6'].includes(c.stage) ? ir.id : sa.id,
          expiry_at: new Date(Date.now() + (i === 7 ? -30 : 365) * DAY),
          next_step: i % 2 === 0 ? '安排下次案件說明會' : '寄送季度投資報告',
          created_at: new Date(Date.now() - (20 + i * 9) * DAY),
        })),
      )
      .returning({ id: clients.id, created_at: clients.created_at });

    const now = Date.now();
    const rows = await tx
      .insert(cases)
      .values(
        CASES.map((c, i) => ({
          name: c.name,
          status: c.status,
          ao_id: i % 3 === 2 ? admin.id : ao.id,
          agent_ids: i % 4 === 0 ? [admin.id] : [],
          currency: 'NTD',
          website: c.website,
          source: c.source,
          round: c.round,
          pre_money: c.preMoney,
          fund_raising: c.raising,
          funding: c.funding ?? null,
          overview: c.overview,
          domain_keys: c.domains,
          de_identification: c.deIdentified ?? false,
          ...demoTerms(c),
          rating_ao_id: ao.id,
          rating_ao_score: 3 + (i % 3),
          created_at: new Date(now - c.daysAgo * DAY),
          updated_at: new Date(now - Math.floor(c.daysAgo / 2) * DAY),
        })),
      )
      .returning({ id: cases.id });

    await tx.insert(caseRoles).values(
      ROLES.map((r) => ({
        case_id: rows[r.caseIndex]!.id,
        client_id: clientRows[r.clientIndex]!.id,
        role: r.role,
        invest_money: r.invest ?? null,
        holdings_value: r.holdings ?? null,
        refunded_money: r.refunded ?? null,
        created_by: ao.id,
      })),
    );
    // Each case's fund_info lists exactly its role rows.
    for (const caseIndex of new Set(ROLES.map((r) => r.caseIndex))) {
      let info = normalizeFundInfo({});
      for (const r of ROLES.filter((x) => x.caseIndex === caseIndex)) {
        info = applyFundRoleEdit(info, { clientId: clientRows[r.clientIndex]!.id, from: null, to: r.role });
      }
      await tx
        .update(cases)
        .set({ fund_info: info as unknown as Record<string, unknown> })
        .where(eq(cases.id, rows[caseIndex]!.id));
    }

    // The history the services would have written had staff worked these records: a creation and
    // each stage move, by the case's AO and the client's owner (sa hands a client to ir at p5).
    const history: Array<typeof activityLogs.$inferInsert> = [];
    CASES.forEach((c, i) => {
      const id = rows[i]!.id;
      const actor = i % 3 === 2 ? admin.id : ao.id;
      const path =
        c.status === 'draft' ? (['draft'] as CaseStage[]) : demoPath(CASE_MAIN, c.status, 'drop', 3);
      // Each case's last move at its own hour of the last days, not all at one instant.
      const times = demoStepTimes(now - c.daysAgo * DAY, now, path.length, now - DAY - i * 5.6 * HOUR);
      path.forEach((stage, j) => {
        history.push({
          actor_type: 'employee',
          actor_id: actor,
          entity_type: 'case',
          entity_id: id,
          action: j === 0 ? 'create' : 'stage',
          changes:
            j === 0
              ? { name: { from: null, to: c.name }, status: { from: null, to: stage } }
              : { status: { from: path[j - 1], to: stage } },
          reason: stage === 'drop' ? '團隊與市場時機不符，暫緩投資' : null,
          created_at: new Date(times[j]!),
        });
      });
    });
    CLIENTS.forEach((c, i) => {
      const row = clientRows[i]!;
      const path = demoPath(CLIENT_MAIN, c.stage, 'drop', 3);
      const times = demoStepTimes(row.created_at.getTime(), now, path.length, now - DAY - i * 3.2 * HOUR);
      path.forEach((stage, j) => {
        const handOver = stage === 'p5' && path[j - 1] === 'p4';
        const owner = ['p5', 'p6'].includes(stage) ? ir.id : sa.id;
        history.push({
          actor_type: 'employee',
          actor_id: handOver ? sa.id : owner,
          entity_type: 'client',
          entity_id: row.id,
          action: j === 0 ? 'client.create' : 'client.move',
          changes:
            j === 0
              ? {
                  name: { from: null, to: c.name },
                  process_status: { from: null, to: stage },
                  employee_id: { from: null, to: owner },
                }
              : {
                  process_status: { from: path[j - 1], to: stage },
                  ...(handOver ? { employee_id: { from: sa.id, to: ir.id } } : {}),
                },
          reason: null,
          created_at: new Date(times[j]!),
        });
      });
    });
    await tx.insert(activityLogs).values(history);

    // To-dos for each colleague's to-do centre, one of each overdue: the ao's on cases, the sa's
    // and the ir's on the clients they work.
    const due = (days: number) => new Date(now + days * DAY);
    await tx.insert(caseTodos).values([
      {
        case_id: rows[0]!.id,
        title: '寄出投資意向書草稿',
        due_at: due(-2),
        assignee_id: ao.id,
        created_by: ao.id,
      },
      {
        case_id: rows[2]!.id,
        title: '整理盡職調查問題清單',
        due_at: due(3),
        assignee_id: ao.id,
        created_by: admin.id,
      },
      {
        case_id: rows[3]!.id,
        title: '確認認購金額與付款時程',
        due_at: due(10),
        assignee_id: admin.id,
        created_by: ao.id,
      },
      { case_id: rows[0]!.id, title: '安排創辦人簡報', done: true, assignee_id: ao.id, created_by: ao.id },
    ]);
    // Calendar events around today for the firm calendar (issue 11), at Taipei office hours: on
    // the ao's cases and on cases clients take part in, so the ir and the sa see some too.
    const taipeiAt = (days: number, hour: number) => {
      const local = new Date(now + days * DAY + 8 * HOUR);
      local.setUTCHours(hour, 0, 0, 0);
      return new Date(local.getTime() - 8 * HOUR);
    };
    const event = (
      caseIndex: number,
      title: string,
      days: number,
      hour: number,
      hours: number,
      location?: string,
    ) => ({
      case_id: rows[caseIndex]!.id,
      title,
      start_at: taipeiAt(days, hour),
      end_at: new Date(taipeiAt(days, hour).getTime() + hours * HOUR),
      location: location ?? null,
      created_by: ao.id,
    });
    await tx
      .insert(caseCalendars)
      .values([
        event(0, '創辦人簡報', 1, 10, 1.5, '台北辦公室 5F 會議室'),
        event(1, '產品展示與技術訪談', 3, 14, 2, '新竹科學園區'),
        event(0, '投資委員會預審', -2, 9, 1),
        event(4, '盡職調查現場訪查', 8, 13, 3, '台中工業區'),
        event(5, '年度股東會', 12, 15, 2, '台北國際會議中心'),
        event(6, '投後季度檢討', 5, 11, 1, '視訊會議'),
      ]);
    const clientAt = (stage: ContactStage) => clientRows[CLIENTS.findIndex((c) => c.stage === stage)]!.id;
    await tx.insert(clientTodos).values([
      {
        client_id: clientAt('p2'),
        title: '寄送本季案件清單',
        due_at: due(-1),
        assignee_id: sa.id,
        created_by: sa.id,
      },
      {
        client_id: clientAt('p3'),
        title: '安排與合夥人會面',
        due_at: due(5),
        assignee_id: sa.id,
        created_by: sa.id,
      },
      {
        client_id: clientAt('p6'),
        title: '寄送年度投資報告',
        due_at: due(7),
        assignee_id: ir.id,
        created_by: ir.id,
      },
    ]);
    // The demo investor's conversations with the firm (issue 11): one answered by the ir, one
    // still waiting for a reply, so a fresh inbox shows both tabs.
    const conversations = [
      {
        subject: '季度投資報告',
        messages: [
          { from: 'client' as const, hoursAgo: 50, content: '您好，想請問上一季的投資報告何時會寄出？' },
          {
            from: 'employee' as const,
            hoursAgo: 48,
            content: '李先生您好，季度報告將於本週五寄出，屆時也會放在投資人專區供您下載。',
          },
        ],
      },
      {
        subject: '遠見醫影增資說明會',
        messages: [
          {
            from: 'client' as const,
            hoursAgo: 3,
            content: '請問遠見醫影的增資說明會是否可以線上參加？我下週在國外出差。',
          },
        ],
      },
    ];
    for (const c of conversations) {
      const last = c.messages[c.messages.length - 1]!;
      const [thread] = await tx
        .insert(serviceThreads)
        .values({
          client_id: clientRows[0]!.id,
          subject: c.subject,
          message_count: c.messages.length,
          last_message_at: new Date(now - last.hoursAgo * HOUR),
          last_from: last.from,
          last_preview: messagePreview(last.content),
          last_employee_id: last.from === 'employee' ? ir.id : null,
          staff_unread: last.from === 'client',
          client_unread: last.from === 'employee',
          created_at: new Date(now - c.messages[0]!.hoursAgo * HOUR),
        })
        .returning({ id: serviceThreads.id });
      const written = await tx
        .insert(serviceMessages)
        .values(
          c.messages.map((m) => ({
            thread_id: thread!.id,
            sender: m.from,
            employee_id: m.from === 'employee' ? ir.id : null,
            content: m.content,
            created_at: new Date(now - m.hoursAgo * HOUR),
          })),
        )
        .returning({ id: serviceMessages.id });
      await tx
        .update(serviceThreads)
        .set({ last_message_id: written[written.length - 1]!.id })
        .where(eq(serviceThreads.id, thread!.id));
    }

    // The card book (issue 11): the people the AO met, in groups, one shared read-only with the
    // IR, so a newcomer's 名片簿 is not empty and shows what sharing does (sa sees none of it).
    const groupRows = await tx
      .insert(cardGroups)
      .values(DEMO_CARD_GROUPS.map((name) => ({ name, created_by: ao.id })))
      .returning({ id: cardGroups.id });
    const cardRows = await tx
      .insert(cards)
      .values(
        DEMO_CARDS.map((c) => ({
          name: c.name,
          company: c.company,
          title: c.title,
          phones: c.phones,
          emails: c.emails,
          address: c.address ?? null,
          notes: c.notes ?? null,
          tags: c.tags,
          owner_id: c.owner === 'admin' ? admin.id : ao.id,
        })),
      )
      .returning({ id: cards.id });
    await tx
      .insert(cardGroupMembers)
      .values(
        DEMO_CARDS.flatMap((c, i) =>
          c.groups.map((g) => ({ group_id: groupRows[g]!.id, card_id: cardRows[i]!.id })),
        ),
      );
    await tx.insert(cardGrants).values(
      DEMO_CARDS.flatMap((c, i) =>
        c.sharedWithIr
          ? [
              {
                card_id: cardRows[i]!.id,
                employee_id: ir.id,
                permission: c.sharedWithIr,
                granted_by: ao.id,
              },
            ]
          : [],
      ),
    );

    // Work logs (issue 11): what the ao and the ir did this week, some on a case, so 工作紀錄 and
    // a case's tab show a past (sa has none: they read no case).
    await tx.insert(workLogs).values(
      DEMO_WORK_LOGS.map((log) => ({
        employee_id: log.who === 'ao' ? ao.id : ir.id,
        case_id: log.caseIndex === undefined ? null : rows[log.caseIndex]!.id,
        kind: log.kind,
        content: log.content,
        happened_at: new Date(now - log.hoursAgo * HOUR),
      })),
    );

    // The investor Q&A (issue 13): what a new investor asks first, and one draft only admin sees.
    await tx.insert(qaEntries).values(
      DEMO_QA.map((entry, position) => ({
        ...entry,
        position,
        created_by: admin.id,
        updated_by: admin.id,
      })),
    );

    await tx.insert(startupUsers).values({
      email: DEMO_ACCOUNTS.startup,
      password_hash: hash,
      name: '晶創生醫 陳執行長',
      role: 'owner',
      case_id: rows[0]!.id,
      case_review: true,
      scope: ['case.read', 'case.review'],
      expiry_at: null,
      status: 'active',
    });
  });
  return true;
}
