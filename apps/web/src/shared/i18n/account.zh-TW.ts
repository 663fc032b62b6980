/** Account basics (issue 8): forgotten password, invitations, password change, honest sign-in answers. */
export const accountZhTW = {
  forgotLink: '忘記密碼？',
  area: { dashboard: '員工', investor: '投資人', local: '新創團隊', startup: '新創團隊' },
  forgot: {
    title: '忘記密碼',
    subtitle: '輸入您登入用的電子郵件，我們會寄送重設密碼的連結。',
    areaLabel: '帳號類型',
    submit: '寄送重設連結',
    sentTitle: '請查看您的信箱',
    sentBody:
      '若 {{email}} 是「{{area}}」帳號，重設密碼的連結已寄出。連結 30 分鐘內有效，且只能使用一次。沒收到信？請確認垃圾郵件匣，或稍後再試一次。',
    backToSignIn: '返回登入',
  },
  reset: {
    title: '設定新密碼',
    subtitle: '請輸入新密碼兩次。完成後，此帳號在所有裝置上的登入都會結束。',
    submit: '設定新密碼',
    missingToken: '這個連結不完整，請重新申請重設密碼。',
    requestAgain: '重新申請重設連結',
  },
  invitation: {
    title: '設定您的密碼',
    greeting: '{{name}} 您好，歡迎加入 Dealflow。請為 {{email}} 設定登入密碼。',
    checking: '正在確認邀請…',
    submit: '設定密碼並登入',
    invalidTitle: '這個邀請連結已無法使用',
    toStaffLogin: '前往員工登入',
  },
  password: {
    new: '新密碼',
    confirm: '確認新密碼',
    current: '目前的密碼',
    required: '請輸入新密碼',
    min: '密碼至少需要 {{min}} 個字元',
    confirmRequired: '請再輸入一次新密碼',
    mismatch: '兩次輸入的密碼不一致',
    currentRequired: '請輸入目前的密碼',
  },
  change: {
    title: '變更密碼',
    subtitle: '變更後，您在其他裝置上的登入都會結束，這個裝置會保持登入。',
    submit: '變更密碼',
    done: '密碼已變更',
    back: '返回投資案件',
  },
  signIn: {
    passwordReset: '密碼已更新，請用新密碼登入。',
    switchTo: '改用「{{area}}」登入',
  },
  wrongTab: {
    dashboard: '這是員工帳號，請改用員工登入頁。',
    investor: '這是投資人帳號，請改用「投資人」分頁登入。',
    startup: '這是新創團隊帳號，請改用「新創團隊」分頁登入。',
  },
  invite: {
    formNote: '儲存後，系統會寄送邀請信給對方，由本人設定密碼（連結 7 天內有效）。',
    sent: '已建立 {{name}} 的帳號，並寄出邀請信到 {{email}}。',
    resend: '重寄邀請',
    resent: '已重新寄出邀請信到 {{email}}，先前的連結已失效。',
    pending: '邀請中',
    expired: '邀請已過期',
    validUntil: '邀請有效至 {{date}}',
    passwordNote: '員工的密碼由本人設定。若對方忘記密碼，可在員工登入頁使用「忘記密碼？」，或在此重寄邀請。',
  },
  guard: {
    denied: '您沒有權限開啟「{{page}}」頁面，已為您返回報表。',
  },
};
