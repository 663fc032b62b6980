import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../src/lib/mailer.ts';

describe('mailer', () => {
  it('writes a real message to the outbox when no SMTP server is configured', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'dealflow-mail-')), 'outbox');
    const mailer = createMailer({
      mail: { smtpUrl: null, from: 'Dealflow <no-reply@dealflow.local>', outboxDir },
    });
    const sent = await mailer.send({
      to: 'investor@example.com',
      subject: '投資說明會邀請',
      text: '您好，誠摯邀請您參加。',
    });
    expect(sent.file).toBeDefined();
    const raw = readFileSync(sent.file!, 'utf8');
    expect(raw).toMatch(/^To: investor@example\.com$/m);
    expect(raw).toMatch(/^From: Dealflow <no-reply@dealflow\.local>$/m);
    expect(raw).toContain('Subject: =?UTF-8?');
  });
});
