/** The startup's account settings (issue 14): password and sign-in email. */
export const startupAccountZhTW = {
  menu: '帳號設定',
  title: '帳號設定',
  subtitle: '變更您的密碼或登入用電子郵件。變更後，其他裝置上的登入會結束，本裝置維持登入。',
  password: {
    title: '變更密碼',
    submit: '變更密碼',
    done: '密碼已變更，其他裝置上的登入已結束。',
  },
  email: {
    title: '變更登入電子郵件',
    current: '目前的登入電子郵件：{{email}}',
    newLabel: '新的電子郵件',
    newRequired: '請輸入有效的電子郵件',
    sameAsCurrent: '這已是您目前的登入電子郵件',
    send: '寄送驗證碼',
    codeSubtitle:
      '驗證碼已寄到 {{email}}，請在 {{minutes}} 分鐘內輸入。若此地址已被其他帳號使用，您會在該信箱收到說明，而不會收到驗證碼。',
    confirm: '確認變更',
    back: '改用其他電子郵件',
    done: '登入電子郵件已改為 {{email}}，其他裝置上的登入已結束。',
  },
};
