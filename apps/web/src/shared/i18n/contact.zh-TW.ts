/** The message inbox with investors (issue 11): /dashboard/contact/{type?}. */
export const contactZhTW = {
  title: '服務訊息',
  subtitle: '投資人在投資人專區留下的訊息；最後一則來自投資人的對話為「未回覆」。',
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
    placeholder: '輸入回覆內容；投資人會收到一封通知信（信中不含訊息內容）',
    send: '送出回覆',
    sent: '已送出回覆',
  },
  live: {
    on: '即時更新',
    polling: '每 5 秒自動更新',
  },
};
