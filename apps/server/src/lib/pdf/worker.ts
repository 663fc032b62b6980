/**
 * The PDF worker thread (pool.ts starts it): runs one job at a time and answers with the result,
 * or with the problem's code and message. Loads the PDF code only, not the app.
 */
import { parentPort } from 'node:worker_threads';
import { appendCertificateInThisThread } from './certificate.ts';
import { pdfToHtmlInThisThread } from './html.ts';
import { renderLegalDocumentInThisThread } from './legalDocument.ts';
import type { PdfJob, WorkerReply } from './pool.ts';
import { PdfProblem } from './problems.ts';
import { sealInThisThread } from './seal.ts';
import { stampInThisThread } from './stamp.ts';

async function run(job: PdfJob): Promise<WorkerReply> {
  try {
    switch (job.op) {
      case 'stamp':
        return { ok: true, value: await stampInThisThread(job.pdf, job.options) };
      case 'html':
        return { ok: true, value: await pdfToHtmlInThisThread(job.pdf, job.options) };
      case 'certificate':
        return { ok: true, value: await appendCertificateInThisThread(job.pdf, job.evidence) };
      case 'legal':
        return { ok: true, value: await renderLegalDocumentInThisThread(job.doc, job.meta) };
      case 'seal':
        return { ok: true, value: await sealInThisThread(job.pdf, job.identity, job.options) };
    }
  } catch (err) {
    if (err instanceof PdfProblem) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: null, message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on('message', (job: PdfJob) => {
  void run(job).then((reply) => {
    // The result's bytes move to the main thread rather than being copied.
    const transfer = reply.ok && reply.value instanceof Uint8Array ? [reply.value.buffer as ArrayBuffer] : [];
    parentPort?.postMessage(reply, transfer);
  });
});
