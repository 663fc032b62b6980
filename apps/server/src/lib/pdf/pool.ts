/**
 * PDF work off the event loop: stamping a 100-page PDF or rendering a contract as HTML takes
 * seconds of CPU, which in the request's own thread would stall every other request.
 *
 * - At most two worker threads (the machine's cores), started when first needed and kept; more
 *   jobs wait in a short queue, and one more than that is refused at once (PDF_BUSY, 503).
 * - A job that runs too long has its worker terminated (PDF_BUSY); the next job starts a new one.
 * - Each worker's heap is capped, so a hostile PDF that makes the parser balloon kills that worker,
 *   not the server.
 * - The worker is `worker.ts` run through tsx from source (tests, `npm run dev`), and
 *   `pdf-worker.js` beside the bundle when built (apps/server/build.mjs makes both).
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import type { FilledDocument } from '@dealflow/domain';
import type { HtmlOptions } from './html.ts';
import type { LegalPdfMeta } from './legalDocument.ts';
import { isPdfProblemCode } from './problems.ts';
import type { CertificateEvidence } from './certificate.ts';
import type { SealIdentity, SealOptions } from './seal.ts';
import type { StampOptions } from './stamp.ts';

export type PdfJob =
  | { op: 'stamp'; pdf: Uint8Array; options: StampOptions }
  | { op: 'html'; pdf: Uint8Array; options: HtmlOptions }
  | { op: 'legal'; doc: FilledDocument; meta: LegalPdfMeta }
  | { op: 'certificate'; pdf: Uint8Array; evidence: CertificateEvidence }
  | { op: 'seal'; pdf: Uint8Array; identity: Pick<SealIdentity, 'p12' | 'passphrase'>; options: SealOptions };
type JobResult<J extends PdfJob> = J['op'] extends 'html' ? string : Uint8Array;

export type WorkerReply =
  | { ok: true; value: Uint8Array | string }
  | { ok: false; code: string | null; message: string };

export interface PoolLimits {
  /** Worker threads at most. */
  size: number;
  /** Jobs waiting for a worker at most. */
  queue: number;
  /** Longest a job may run. */
  timeoutMs: number;
  /** Heap of one worker, in MB. */
  heapMb: number;
}

// A waiting job holds its PDF (up to 50 MB) in memory: a few, not many.
const DEFAULT_LIMITS: PoolLimits = { size: 2, queue: 6, timeoutMs: 120_000, heapMb: 1024 };

/** The built worker, or (from source) a bootstrap that registers tsx before importing worker.ts. */
function newWorker(options: { resourceLimits: { maxOldGenerationSizeMb: number } }): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pdf-worker.js', import.meta.url), options);
  const entry = JSON.stringify(new URL('./worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); });`, {
    ...options,
    eval: true,
  });
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

interface Waiting {
  job: PdfJob;
  resolve: (value: Uint8Array | string) => void;
  reject: (err: unknown) => void;
}

export class PdfWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly limits: PoolLimits;

  constructor(limits: Partial<PoolLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  run<J extends PdfJob>(job: J): Promise<JobResult<J>> {
    return new Promise<Uint8Array | string>((resolve, reject) => {
      const idle = this.idleSlot();
      if (idle) {
        this.start(idle, { job, resolve, reject });
        return;
      }
      if (this.waiting.length >= this.limits.queue) {
        reject(new AppError('PDF_BUSY'));
        return;
      }
      this.waiting.push({ job, resolve, reject });
    }) as Promise<JobResult<J>>;
  }

  /** Ends every worker (tests, shutdown); waiting jobs are refused. */
  async close(): Promise<void> {
    for (const w of this.waiting.splice(0)) w.reject(new AppError('PDF_BUSY'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private idleSlot(): Slot | null {
    const idle = this.slots.find((s) => !s.busy);
    if (idle) return idle;
    if (this.slots.length >= this.limits.size) return null;
    const worker = newWorker({ resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb } });
    // An idle worker does not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, busy: false };
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, task: Waiting): void {
    slot.busy = true;
    const { worker } = slot;
    let settled = false;
    const finish = (outcome: () => void, keepWorker: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) {
        slot.busy = false;
      } else {
        this.drop(slot);
      }
      outcome();
      this.next();
    };
    const onMessage = (reply: WorkerReply) => {
      finish(() => {
        if (reply.ok) task.resolve(reply.value);
        else if (isPdfProblemCode(reply.code))
          task.reject(new AppError(reply.code, { message: reply.message }));
        else task.reject(new Error(`PDF worker failed: ${reply.message}`));
      }, true);
    };
    const onError = (err: Error) => {
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY): the document was more than a worker may take.
      const code = (err as { code?: string }).code;
      finish(
        () =>
          task.reject(
            code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new AppError('PDF_TOO_LARGE', { message: 'The PDF needs more memory than allowed' })
              : err,
          ),
        false,
      );
    };
    const onExit = () => finish(() => task.reject(new Error('PDF worker exited')), false);
    const timer = setTimeout(() => {
      finish(() => task.reject(new AppError('PDF_BUSY', { message: 'PDF processing took too long' })), false);
    }, this.limits.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.ref();
    // The bytes are copied into the message (the caller keeps its buffer).
    worker.postMessage(task.job);
  }

  private drop(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    void slot.worker.terminate();
  }

  private next(): void {
    while (this.waiting.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const task = this.waiting.shift();
      if (!task) return;
      this.start(slot, task);
    }
    // Nothing left to do: idle workers must not hold the process open.
    for (const s of this.slots) if (!s.busy) s.worker.unref();
  }
}

let shared: PdfWorkerPool | null = null;

/** The process's pool (created on first use). */
export function pdfPool(): PdfWorkerPool {
  shared ??= new PdfWorkerPool();
  return shared;
}

export function runPdfJob<J extends PdfJob>(job: J): Promise<JobResult<J>> {
  return pdfPool().run(job);
}
