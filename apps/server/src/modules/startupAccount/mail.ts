import { MAIL_CODE } from '@dealflow/domain';
import type { MailMessage } from '../../lib/mailer.ts';

// A startup's sign-in email change (issue 14), in Traditional Chinese then English. The code mail
// and the "already in use" mail share a subject, so the reply and the inbox list tell nothing apart.

const SUBJECT = 'Dealflow 變更登入電子郵件 / Confirm your new Dealflow sign-in email';

export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: SUBJECT,
    text: [
      '您好：',
      '',
      `您正在將 Dealflow 的登入電子郵件改為此地址。請在 ${MAIL_CODE.ttlMinutes} 分鐘內於帳號設定頁輸入以下六位數驗證碼：`,
      '',
      `    ${code}`,
      '',
      '若您沒有提出申請，請忽略此信，不會有任何變更。',
      '',
      '---',
      '',
      'Hello,',
      '',
      `You are changing your Dealflow sign-in email to this address. Enter this six-digit code on the account settings page within ${MAIL_CODE.ttlMinutes} minutes:`,
      '',
      `    ${code}`,
      '',
      'If this was not you, ignore this message: nothing changes.',
    ].join('\n'),
  };
}

export function emailInUseMail(to: string): MailMessage {
  return {
    to,
    subject: SUBJECT,
    text: [
      '您好：',
      '',
      '有人要求將 Dealflow 帳號的登入電子郵件改為此地址，但此地址已用於另一個 Dealflow 帳號，因此不會變更。',
      '若這是您，請改用其他電子郵件；若不是您，請忽略此信。',
      '',
      '---',
      '',
      'Hello,',
      '',
      'Someone asked to make this address the sign-in email of a Dealflow account, but it already belongs to another Dealflow account, so nothing changes.',
      'If this was you, choose another address; if not, ignore this message.',
    ].join('\n'),
  };
}

export function emailChangedNoticeMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 登入電子郵件已變更 / Your Dealflow sign-in email was changed',
    text: [
      '您好：',
      '',
      `您的 Dealflow 登入電子郵件已改為 ${newEmail}，其他裝置上的登入已結束。`,
      '若這不是您本人操作，請立即與我們聯絡。',
      '',
      '---',
      '',
      'Hello,',
      '',
      `Your Dealflow sign-in email is now ${newEmail}; sessions on other devices have ended.`,
      'If you did not do this, contact us at once.',
    ].join('\n'),
  };
}
