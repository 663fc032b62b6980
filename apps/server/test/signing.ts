import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LegalDocument } from '@dealflow/domain';
import { bearer, expectErrorShape, type TestApp } from './helpers.ts';
import { dataOf, type ListBody } from './staffCast.ts';

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

/** The trail of a document sent, opened, consented to and signed after one wrong code. */
export const SIGNED_AFTER_ONE_WRONG_CODE = [
  'created',
  'sent',
  'viewed',
  'consented',
  'code_sent',
  'code_failed',
  'code_verified',
  'signed',
];

type Call = (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/**
 * A document is its signer's once sent and no one else's: the draft is not listed nor found, the
 * sent one is listed; every signer route answers a stranger 404, and their list does not hold it.
 */
export async function expectSentOnlyToSigner(
  call: Call,
  doc: { id: number; token: string; strangers: string[]; send: () => Promise<unknown> },
) {
  const list = async (token: string) =>
    dataOf<ListBody<LegalDocument>>(await call('GET', myDocumentPath(), token));
  expect(await list(doc.token)).toEqual({ result: [], count: 0 });
  expectErrorShape(await call('GET', myDocumentPath(doc.id), doc.token), 404, 'DOCUMENT_NOT_FOUND');
  expectErrorShape(await call('GET', myDocumentPath(doc.id, '/pdf'), doc.token), 404, 'DOCUMENT_NOT_FOUND');

  await doc.send();
  expect((await list(doc.token)).result.map((d) => [d.id, d.status])).toEqual([[doc.id, 'sent']]);
  for (const stranger of doc.strangers) {
    for (const [method, url, body] of [
      ['GET', myDocumentPath(doc.id), undefined],
      ['GET', myDocumentPath(doc.id, '/pdf'), undefined],
      ['GET', myDocumentPath(doc.id, '/verify'), undefined],
      ['POST', myDocumentPath(doc.id, '/sign/start'), { consent: true, name: 'x' }],
      ['POST', myDocumentPath(doc.id, '/sign/confirm'), { code: '123456' }],
    ] as const) {
      expectErrorShape(await call(method, url, stranger, body), 404, 'DOCUMENT_NOT_FOUND');
    }
    expect((await list(stranger)).result.map((d) => d.id)).not.toContain(doc.id);
  }
}
