import type { MailMessage } from '../../lib/mailer.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as repo from './repository.ts';

/**
 * Tells an investor that staff wrote to them (issue 11), in Traditional Chinese then English.
 * Only a link to their contact page: never the message, which may hold what a mailbox should not.
 */
export function staffReplyMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Dealflow 您有一則新訊息 / You have a new message on Dealflow',
    text: [
      `${name} 您好：`,
      '',
      '我們的同仁回覆了您的訊息。請登入投資人專區閱讀並回覆：',
      link,
      '',
      '為保護您的資料，訊息內容不會出現在電子郵件中。',
      '',
      '---',
      '',
      `Hello ${name},`,
      '',
      'A member of our team has replied to your message. Sign in to the investor area to read and answer it:',
      link,
      '',
      'To protect your information, messages are never sent by email.',
    ].join('\n'),
  };
}

/**
 * The investor's contact page on PUBLIC_URL (never the request's Host, which a caller could forge),
 * through the landing page of mailed links (/investor/redirect), which signs them in first.
 */
function contactLink(ctx: ServiceContext): string {
  const origin = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return `${origin.replace(/\/+$/, '')}/investor/redirect?to=/investor/contact`;
}

/** Mails after the write committed; a failure is logged (without the address), never thrown. */
export async function deliverReplyMail(ctx: ServiceContext, clientId: number): Promise<void> {
  try {
    const client = await repo.clientMailOf(ctx.db, clientId);
    if (!client || client.is_deleted) return;
    await ctx.mailer.send(staffReplyMail(client.email, client.name, contactLink(ctx)));
  } catch (err) {
    ctx.log.error(
      { event: 'service_reply_mail', err: err instanceof Error ? err.name : 'error' },
      'reply mail not sent',
    );
  }
}
