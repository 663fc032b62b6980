import { tokenKey } from '@dealflow/domain';
import { local } from '../storage.ts';
import { ApiError } from './ApiError.ts';
import type { QueryValue } from './client.ts';
import { storedStrategy } from './index.ts';

/**
 * The requests the JSON client cannot make: a file sent as multipart with its progress, and bytes
 * saved as a file or read by the page. All carry the stored token in the Authorization header
 * (never in the address, where it would end up in logs and the browser's history) and fail with
 * the one `ApiError`, so the one error display words them.
 */

const apiBase = () => import.meta.env.VITE_API_BASE ?? '';
const authorization = () => local.getItem(tokenKey(storedStrategy()));

function urlOf(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${apiBase()}${path}${qs ? `?${qs}` : ''}`;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's error page is shown as text.
    return text;
  }
}

export interface UploadRequest {
  file: File;
  /** The multipart field of the file: `file` unless the route names it otherwise (an image: its type). */
  field?: string;
  /** Form fields sent before the file, so the server knows them before the bytes. */
  fields?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** POST unless the route replaces one file in place (a card's photo: PUT). */
  method?: 'POST' | 'PUT';
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart (field `file`, or `input.field`) and resolves with the JSON answer, through
 * XMLHttpRequest: fetch cannot report upload progress.
 */
export function uploadFile<T>(path: string, input: UploadRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
    form.append(input.field ?? 'file', input.file, input.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open(input.method ?? 'POST', urlOf(path, input.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const auth = authorization();
    if (auth) xhr.setRequestHeader('Authorization', auth);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        input.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError({ status: xhr.status, statusText: xhr.statusText, body }));
    };
    // Named as fetch names it, so the one error display says "network" for it.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** The file name a `Content-Disposition` header gives (RFC 6266: `filename*` first), if any. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

export interface DownloadRequest {
  query?: Record<string, QueryValue>;
  /** The name to save under; else the server's `Content-Disposition`, else `fallbackName`. */
  filename?: string;
  fallbackName?: string;
  signal?: AbortSignal;
}

/**
 * GETs bytes through an authorised route (never a public address) and saves them as a file
 * (SPEC section 8 "File download"); resolves with the name it was saved under.
 */
export async function downloadFile(path: string, input: DownloadRequest = {}): Promise<string> {
  const auth = authorization();
  const response = await fetch(urlOf(path, input.query), {
    headers: auth ? { Authorization: auth } : {},
    signal: input.signal,
  });
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: parseBody(await response.text()),
    });
  }
  const name =
    input.filename ??
    dispositionFilename(response.headers.get('content-disposition')) ??
    input.fallbackName ??
    'download';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

/** GETs bytes through an authorised route to show them in the page (an image), not to save them. */
export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const auth = authorization();
  const response = await fetch(urlOf(path), { headers: auth ? { Authorization: auth } : {}, signal });
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: parseBody(await response.text()),
    });
  }
  return response.blob();
}

/** GETs bytes through an authorised route for the page to read (a PDF for the viewer). */
export async function fetchBytes(path: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  return (await fetchBlob(path, signal)).arrayBuffer();
}

/**
 * POSTs a JSON body to an authorised route that answers with bytes, for the page to read (a PDF
 * made from a form not yet saved, for the viewer). Fails with the one `ApiError`, as fetchBytes.
 */
export async function postForBytes(path: string, body: unknown, signal?: AbortSignal): Promise<ArrayBuffer> {
  const auth = authorization();
  const response = await fetch(urlOf(path), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth ? { Authorization: auth } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      body: parseBody(await response.text()),
    });
  }
  return response.arrayBuffer();
}
