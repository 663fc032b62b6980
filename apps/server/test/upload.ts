import { randomBytes } from 'node:crypto';
import type { TestApp } from './helpers.ts';
import { bearer } from './helpers.ts';

export interface UploadFile {
  field?: string;
  filename: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it, for `app.inject`: text fields first, then files. */
export function multipart(files: UploadFile[], fields: Record<string, string> = {}) {
  const boundary = `----dealflow${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs files to a URL as a signed-in caller (or anonymously). */
export function upload(
  t: TestApp,
  url: string,
  token: string | undefined,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}
