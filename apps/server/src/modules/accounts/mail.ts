import type { MailMessage } from '../../lib/mailer.ts';

// Account mails, in Traditional Chinese then English. The link is the only secret they carry.

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 重設密碼 / Reset your Dealflow password',
    text: [
      '您好：',
      '',
      '我們收到重設您 Dealflow 密碼的申請。請在 30 分鐘內開啟以下連結設定新密碼（連結僅能使用一次）：',
      link,
      '',
      '若您沒有提出申請，請忽略此信，您的密碼不會改變。',
      '',
      '---',
      '',
      'Hello,',
      '',
      'We received a request to reset your Dealflow password. Open this link within 30 minutes to choose a new one (it works once):',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function invitationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 帳號邀請 / Your Dealflow account',
    text: [
      `${name} 您好：`,
      '',
      '管理員已為您建立 Dealflow 員工帳號。請在 7 天內開啟以下連結設定您自己的密碼（連結僅能使用一次）：',
      link,
      '',
      '連結過期後，請聯絡管理員重新寄送邀請。',
      '',
      '---',
      '',
      `Hello ${name},`,
      '',
      'An administrator has created a Dealflow staff account for you. Open this link within 7 days to choose your own password (it works once):',
      link,
      '',
      'Once it has expired, ask an administrator to send a new invitation.',
    ].join('\n'),
  };
}

export function clientInvitationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 投資人專區帳號 / Your Dealflow investor account',
    text: [
      `${name} 您好：`,
      '',
      '我們已為您開通 Dealflow 投資人專區帳號。請在 7 天內開啟以下連結設定您自己的密碼（連結僅能使用一次），之後即可以此電子郵件登入投資人專區：',
      link,
      '',
      '連結過期後，請聯絡您的專屬窗口重新寄送。',
      '',
      '---',
      '',
      `Hello ${name},`,
      '',
      'We have opened a Dealflow investor account for you. Open this link within 7 days to choose your own password (it works once); then sign in to the investor area with this email address:',
      link,
      '',
      'Once it has expired, ask your contact at the firm to send a new one.',
    ].join('\n'),
  };
}
