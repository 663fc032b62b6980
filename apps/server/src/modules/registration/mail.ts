import { MAIL_CODE } from '@dealflow/domain';
import type { MailMessage } from '../../lib/mailer.ts';

// Registration mails, in Traditional Chinese then English. The subject is the same whether or not
// the address already has an account; only the body says which.

const SUBJECT = 'Dealflow 電子郵件驗證 / Confirm your email for Dealflow';

export function registrationCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: SUBJECT,
    text: [
      '您好：',
      '',
      `您正在註冊 Dealflow。請在 ${MAIL_CODE.ttlMinutes} 分鐘內於註冊頁輸入以下六位數驗證碼：`,
      '',
      `    ${code}`,
      '',
      '若您沒有提出申請，請忽略此信。',
      '',
      '---',
      '',
      'Hello,',
      '',
      `You are registering with Dealflow. Enter this six-digit code on the registration page within ${MAIL_CODE.ttlMinutes} minutes:`,
      '',
      `    ${code}`,
      '',
      'If this was not you, ignore this message.',
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(to: string, signInUrl: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: SUBJECT,
    text: [
      '您好：',
      '',
      '有人以此電子郵件申請註冊 Dealflow，但此電子郵件已有帳號。請直接登入；若忘記密碼，請重設密碼：',
      `登入：${signInUrl}`,
      `重設密碼：${resetUrl}`,
      '',
      '若您沒有提出申請，請忽略此信，您的帳號不會改變。',
      '',
      '---',
      '',
      'Hello,',
      '',
      'Someone asked to register with Dealflow using this email, but it already has an account. Sign in, or reset your password if you have forgotten it:',
      `Sign in: ${signInUrl}`,
      `Reset your password: ${resetUrl}`,
      '',
      'If this was not you, ignore this message: your account stays as it is.',
    ].join('\n'),
  };
}

/** To a registered startup: a member of staff took its application on and is now its contact. */
export function applicationTakenOnMail(to: string, aoName: string, url: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 申請已有專人負責 / Your Dealflow application has a contact',
    text: [
      '您好：',
      '',
      `您在 Dealflow 的募資申請已由 ${aoName} 負責，之後的進度與會議會顯示在您的新創專區：`,
      url,
      '',
      '---',
      '',
      'Hello,',
      '',
      `${aoName} now handles your funding application on Dealflow. Its progress and meetings show in your startup area:`,
      url,
    ].join('\n'),
  };
}
