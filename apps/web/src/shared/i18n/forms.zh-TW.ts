/** Shared form building blocks (issue 8): unsaved-changes guard, save bar, record view, item lists. Traditional Chinese. */
export const formsZhTW = {
  unsaved: {
    leaveTitle: '有尚未儲存的變更，確定要離開？',
    leaveBody: '離開後，這次的修改不會保留。',
    stay: '留下',
    leave: '離開',
    bar: '未儲存的變更',
    save: '儲存',
    discard: '捨棄',
  },
  /** The six-digit code mailed to an address (registration, sign-in email change). */
  mailCode: {
    label: '六位數驗證碼',
    required: '請輸入六位數驗證碼',
    resend: '重新寄送驗證碼',
    resendIn: '{{seconds}} 秒後可重新寄送',
    resent: '新的驗證碼已寄出，先前的驗證碼已失效。',
    triesLeft: '驗證碼不正確，還可再試 {{count}} 次。',
    noTriesLeft: '此驗證碼已失效，請重新寄送驗證碼。',
  },
  more: '更多',
  max: '最多 {{max}} 個字元',
  urlInvalid: '請輸入完整網址，例如 https://example.com',
  yes: '是',
  no: '否',
  empty: '—',
  items: {
    add: '新增',
    edit: '編輯',
    delete: '刪除',
    deleteTitle: '刪除「{{title}}」？',
    deleteBody: '刪除後無法復原，歷程中會保留紀錄。',
    saved: '已儲存',
    deleted: '已刪除',
    loadError: '無法載入資料',
  },
  /** The case page (issue 8 item 7). */
  case: {
    more: '更多動作',
    readOnlyContribute:
      '您可以檢視這個案件，也可以新增評論與待辦；只有客戶經理、協辦人員或管理員可以編輯案件。',
    ratingIrHint: 'IR 評分由投資人關係團隊（IR）給定。',
    empty: {
      todos: '追蹤這個案件要做的事。',
      calendars: '記錄與這家公司的會議與活動。',
      comments: '記下團隊對這個案件的看法。',
      info: '公司的最新進展，會出現在全公司的動態中。',
      maintenances: '投資之後的追蹤紀錄，依日期排列。',
      shareholders: '記錄每一輪之後的股權結構。',
      dd: '盡職調查時的問題與意見。',
      fundRoles: '誰領投、誰跟投、誰在評審團。',
    },
  },
};
