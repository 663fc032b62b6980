import { expect } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.ts';
import { bearer, type TestApp } from './helpers.ts';

/** What the signer side of the legal documents tests share (investor and startup signers alike). */

/** A path under the signer's own documents, `/api/internal/v1/me/documents[/id][rest]`. */
export const myDocumentPath = (id?: number, rest = '') =>
  `/api/internal/v1/me/documents${id === undefined ? '' : `/${id}`}${rest}`;

/** The signer opens the PDF (recorded as `viewed` for one to sign); its bytes. */
export async function openMyPdf(t: TestApp, id: number, token: string, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: myDocumentPath(id, `/pdf${query}`),
    headers: bearer(token),
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return new Uint8Array(res.rawPayload);
}

/** The signing code of the last mail sent to `email`. */
export function mailedCode(mailer: { sent: MailMessage[] }, email: string): string {
  const mail = [...mailer.sent].reverse().find((m) => m.to === email);
  const code = mail?.text.match(/^\s{4}(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A six-digit code that is surely not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
