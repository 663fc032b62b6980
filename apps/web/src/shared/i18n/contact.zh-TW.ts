import { investorContactZhTW } from './investorHome.zh-TW.ts';

/** The message inbox with investors (issue 11): /dashboard/contact/{type?}. */
export const contactZhTW = {
  title: '服務訊息',
  subtitle: '投資人與新創（標示「新創」）留下的訊息；最後一則來自對方的對話為「未回覆」。',
  tabs: {
    all: '全部訊息',
    unreplied: '未回覆',
    replied: '已回覆',
    label: '訊息分類',
  },
  menuBadge: '{{count}} 則未讀訊息',
  status: {
    unreplied: '未回覆',
    replied: '已回覆',
  },
  party: {
    startup: '新創',
  },
  unread: '未讀',
  total: '共 {{count}} 則對話',
  listLabel: '對話列表',
  loadError: '無法載入服務訊息',
  threadLoadError: '無法載入這則對話',
  empty: {
    all: '目前沒有任何服務訊息',
    unreplied: '所有訊息都已回覆',
    replied: '還沒有已回覆的對話',
  },
  pick: '從左側選擇一則對話來閱讀與回覆',
  back: '返回對話列表',
  messageCount: '{{count}} 則訊息',
  from: {
    client: '投資人',
    employee: '同仁',
  },
  you: '（你）',
  messagesLabel: '對話內容',
  reply: {
    label: '回覆訊息',
    placeholder: '輸入回覆內容；對方會收到一封通知信（信中不含訊息內容）',
    send: '送出回覆',
    sent: '已送出回覆',
  },
  live: {
    on: '即時更新',
    polling: '每 5 秒自動更新',
  },
};

/** A startup's conversations with the firm (issue 14): the 訊息 tab of /startup. */
export const startupMessagesZhTW = {
  ...investorContactZhTW,
  title: '與投資團隊的訊息',
  subtitle: '貴公司與我們團隊的對話；我們回覆時會顯示未讀，並寄一封通知信（信中不含訊息內容）。',
  threads: '我們的對話',
  empty: '還沒有任何對話，寫下第一則訊息給我們吧。',
  loadError: '無法載入訊息',
  form: {
    ...investorContactZhTW.form,
    title: '寫訊息給投資團隊',
    subjectPlaceholder: '例如：簡報資料補件',
  },
};

/** The case page's messages with the case's startup (issue 14), for staff who read the case. */
export const caseMessagesZhTW: typeof startupMessagesZhTW = {
  title: '新創訊息',
  subtitle: '與本案新創的對話；新創會收到一封通知信（信中不含訊息內容）。',
  threads: '對話',
  unread: '{{count}} 則未讀',
  unreadTag: '未讀',
  newThread: '寫訊息給新創',
  empty: '還沒有與這家新創的對話。',
  pick: '選擇一則對話來閱讀與回覆',
  back: '返回對話列表',
  messageCount: '{{count}} 則訊息',
  you: '同仁',
  firm: '同仁',
  messagesLabel: '對話內容',
  loadError: '無法載入新創訊息',
  threadLoadError: '無法載入這則對話',
  live: {
    on: '即時更新',
    polling: '定期更新',
  },
  form: {
    title: '寫訊息給新創',
    subject: '主旨',
    subjectPlaceholder: '例如：請補上最新財報',
    content: '訊息內容',
    contentPlaceholder: '新創會收到通知信，信中不含訊息內容',
    send: '送出訊息',
    sent: '訊息已送出',
    cancel: '取消',
  },
  reply: {
    label: '回覆新創',
    placeholder: '輸入回覆內容；新創會收到一封通知信（信中不含訊息內容）',
    send: '送出回覆',
    sent: '已送出回覆',
  },
};
