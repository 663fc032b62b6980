import type { MailMessage } from '../../lib/mailer.ts';
import type { ServiceContext } from '../../lib/context.ts';
import * as repo from './repository.ts';

/** A "you have a message" mail in Traditional Chinese then English: a link only, never the message. */
function linkOnlyMail(
  to: string,
  name: string,
  link: string,
  lines: { zh: string; en: string },
): MailMessage {
  return {
    to,
    subject: 'Dealflow 您有一則新訊息 / You have a new message on Dealflow',
    text: [
      `${name} 您好：`,
      '',
      lines.zh,
      link,
      '',
      '為保護您的資料，訊息內容不會出現在電子郵件中。',
      '',
      '---',
      '',
      `Hello ${name},`,
      '',
      lines.en,
      link,
      '',
      'To protect your information, messages are never sent by email.',
    ].join('\n'),
  };
}

/**
 * Tells an investor that staff wrote to them (issue 11). Only a link to their contact page: never
 * the message, which may hold what a mailbox should not.
 */
export function staffReplyMail(to: string, name: string, link: string): MailMessage {
  return linkOnlyMail(to, name, link, {
    zh: '我們的同仁回覆了您的訊息。請登入投資人專區閱讀並回覆：',
    en: 'A member of our team has replied to your message. Sign in to the investor area to read and answer it:',
  });
}

/** Tells a startup that the firm wrote to it (issue 14), by the same rule. */
export function startupReplyMail(to: string, name: string, link: string): MailMessage {
  return linkOnlyMail(to, name, link, {
    zh: '我們的同仁寫了訊息給貴公司。請登入新創專區閱讀並回覆：',
    en: 'A member of our team has written to your company. Sign in to the startup area to read and answer it:',
  });
}

/** A page of the app on PUBLIC_URL (never the request's Host, which a caller could forge). */
function appLink(ctx: ServiceContext, path: string): string {
  const origin = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The investor's contact page, through the landing page of mailed links, which signs them in first. */
const contactLink = (ctx: ServiceContext) => appLink(ctx, '/investor/redirect?to=/investor/contact');

/** The startup's messages tab; the startup area's guard signs them in first and comes back here. */
const startupLink = (ctx: ServiceContext) => appLink(ctx, '/startup?tab=messages');

/** Mails every active sign-in of the case; like the investor's mail, logged and never thrown. */
export async function deliverStartupReplyMail(ctx: ServiceContext, caseId: number): Promise<void> {
  try {
    const users = await repo.startupMailsOf(ctx.db, caseId);
    for (const user of users)
      await ctx.mailer.send(startupReplyMail(user.email, user.name, startupLink(ctx)));
  } catch (err) {
    ctx.log.error(
      { event: 'service_reply_mail', err: err instanceof Error ? err.name : 'error' },
      'reply mail not sent',
    );
  }
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
