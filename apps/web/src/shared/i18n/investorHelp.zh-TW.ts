/** The investor Q&A, the onboarding tour and the mailed-link landing page (issue 13). */
export const qaZhTW = {
  title: '常見問題',
  intro: '關於平台使用、投資流程與帳號安全的常見問題。',
  search: '搜尋問題或答案',
  count: '共 {{count}} 則問答',
  empty: '目前還沒有常見問題',
  emptySearch: '找不到與「{{q}}」相關的問答',
  clearSearch: '清除搜尋',
  loadError: '無法載入常見問題',
  noCategory: '其他',
  askUs: '找不到答案嗎？',
  contactUs: '聯絡我們',
  editor: {
    title: '常見問題設定',
    intro: '投資人在「常見問題」頁看到的問答。未公開的問答只有管理員看得到；順序即投資人看到的順序。',
    add: '新增問答',
    empty: '尚未建立任何問答。新增第一則，投資人就能在常見問題頁看到。',
    question: '問題',
    questionRequired: '請輸入問題',
    answer: '回答',
    answerRequired: '請輸入回答',
    category: '分類',
    categoryPlaceholder: '例如：帳號與安全（可留空）',
    published: '公開給投資人',
    draft: '未公開',
    public: '已公開',
    moveUp: '上移：{{question}}',
    moveDown: '下移：{{question}}',
    moved: '已更新順序',
    updatedAt: '更新於 {{date}}',
  },
};

export const tourZhTW = {
  help: '說明',
  reopen: '重新開啟平台導覽',
  qa: '常見問題',
  cases: {
    title: '投資案件',
    description: '從這裡瀏覽您可以參與的案件，依階段分類，並可搜尋與篩選。',
  },
  casesMobile: {
    title: '選單',
    description: '點選這裡開啟選單：投資案件、聯絡窗口、合約與常見問題都在裡面。',
  },
  card: {
    title: '案件卡片',
    description: '每張卡片顯示公司概要、輪次與募資金額，點選即可查看案件詳情。',
  },
  messages: {
    title: '聯絡窗口',
    description: '有任何問題都可以在這裡留言給我們，回覆時也會以電子郵件通知您。',
  },
  contract: {
    title: '合約',
    description: '您已簽署與待簽署的文件都在這裡，可以查看狀態並下載。',
  },
  hintTitle: '導覽已關閉',
  hintBody: '之後隨時可以從右上角的「說明」選單重新開啟導覽。',
  ok: '確定',
};

export const redirectZhTW = {
  refused: '這個連結無法開啟，可能已失效或不完整，已為您帶到投資人首頁。',
};
