/** Work logs (issue 11), Traditional Chinese. */
export const workLogsZhTW = {
  title: '工作紀錄',
  intro: '記下每一通電話、每一場會議與拜訪，需要時可回顧。',
  add: '新增工作紀錄',
  empty: '還沒有工作紀錄。記下今天的通話、會議或拜訪。',
  emptyCase: '這個案件還沒有工作紀錄。',
  loadError: '無法載入工作紀錄',
  colleague: '同事',
  mine: '我的紀錄',
  everyone: '全部同事',
  fields: {
    kind: '類型',
    happenedAt: '時間',
    content: '內容',
    contentRequired: '請輸入內容',
    happenedAtRequired: '請選擇時間',
  },
  kinds: {
    call: '通話',
    meeting: '會議',
    visit: '拜訪',
    email: '電子郵件',
    other: '其他',
  },
  by: '{{name}} 記錄',
  onCase: '案件：{{name}}',
  capped: '只顯示最近 {{shown}} 筆，共 {{count}} 筆。',
};
