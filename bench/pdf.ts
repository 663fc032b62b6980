// PDF work (issue 12 "Performance"): stamping a 100-page PDF (top and bottom lines, the mark and
// 機密 CONFIDENTIAL on every page) and PDF to HTML of a 20-page contract, each through the worker
// pool the routes use, timed over a few runs after one warm-up (which starts the worker and reads
// the font). Also how long the event loop of the calling thread was held meanwhile, against the
// same stamp run in that thread: what the pool is for. Last, 50 subscription contracts generated as
// a batch through the job (`legalDocs.batch`) on an embedded database: documents per second. `npm run bench:pdf`; figures are printed
// and written to bench/out/pdf.json. The machine is shared: figures are indicative.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToHtml } from '../apps/server/src/lib/pdf/html.ts';
import {
  DEFAULT_CONTRACT_CONFIG,
  SIGNING_CONSENT,
  contractValues,
  fillLegalDocument,
} from '@dealflow/domain';
import { appendCertificatePage } from '../apps/server/src/lib/pdf/certificate.ts';
import { loadOrCreateSealIdentity, sealPdf } from '../apps/server/src/lib/pdf/seal.ts';
import { pdfPool, runPdfJob } from '../apps/server/src/lib/pdf/pool.ts';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { cases, clients, employees } from '../apps/server/src/db/schema/index.ts';
import { disabledJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createFileStore } from '../apps/server/src/lib/fileStores.ts';
import { runBatches } from '../apps/server/src/modules/legalDocs/batch.ts';
import { insertBatch } from '../apps/server/src/modules/legalDocs/batchRepository.ts';
import { type StampOptions, stampInThisThread, stampPdf } from '../apps/server/src/lib/pdf/stamp.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function textPdf(pages: number, lines: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (let l = 0; l < lines; l++) {
      page.drawText(`Clause ${p + 1}.${l + 1}: the parties agree to keep this information confidential.`, {
        x: 50,
        y: 790 - l * 18,
        size: 10,
        font,
      });
    }
  }
  return doc.save();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timed(label: string, run: () => Promise<unknown>, runs = RUNS) {
  await run(); // warm-up: the worker starts, the font and pdf.js load
  const ms: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  loop.disable();
  ms.sort((a, b) => a - b);
  const result = {
    label,
    runs,
    p50_ms: Math.round(percentile(ms, 50)),
    p99_ms: Math.round(percentile(ms, 99)),
    max_ms: Math.round(ms[ms.length - 1] ?? 0),
    event_loop_max_delay_ms: Math.round(loop.max / 1e6),
  };
  console.log(
    `${label}: p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, max ${result.max_ms} ms over ${runs} runs; ` +
      `event loop held at most ${result.event_loop_max_delay_ms} ms`,
  );
  return result;
}

const stamp: StampOptions = {
  top: '臺灣創投 機密文件：僅供王小明閱覽',
  bottom: true,
  logo: true,
  confidential: true,
};
const contract = fillLegalDocument(
  'subscription',
  'zh-TW',
  contractValues(
    DEFAULT_CONTRACT_CONFIG,
    {
      signerName: '林小華',
      signerEmail: 'hua@example.com',
      companyName: '星河生技股份有限公司',
      commitmentAmount: 3_000_000,
      date: '2026-11-26',
    },
    'zh-TW',
  ),
);
const contractMeta = {
  reference: 'SUB-20261126-000000',
  signerName: '林小華',
  partyName: DEFAULT_CONTRACT_CONFIG.party.name,
  createdAt: new Date(),
};
const hundred = await textPdf(100, 40);
const twenty = await textPdf(20, 40);
console.log(
  `inputs: 100 pages ${(hundred.length / 1024).toFixed(0)} kB, 20 pages ${(twenty.length / 1024).toFixed(0)} kB`,
);

const results: object[] = [
  await timed('stamp 100 pages (worker pool)', () => stampPdf(hundred, stamp)),
  await timed('stamp 100 pages (in the calling thread, for comparison)', () =>
    stampInThisThread(hundred, stamp),
  ),
  await timed('PDF to HTML, 20 pages (worker pool)', () => pdfToHtml(twenty, { width: 595, height: 842 })),
  // One legal document as a user generates it: the subscription contract filled from the default
  // configuration and laid out in Noto Sans TC (issue 12 "generating one contract (p50, p99)").
  await timed(
    'generate one LP subscription contract (worker pool)',
    () => runPdfJob({ op: 'legal', doc: contract, meta: contractMeta }),
    Math.max(RUNS, 30),
  ),
];

// Signing one document as the signer's confirmation does it: the completion certificate appended
// to the contract as generated, then the platform's PAdES seal over the whole (both in the pool).
const generated = await runPdfJob({ op: 'legal', doc: contract, meta: contractMeta });
const sealDir = mkdtempSync(path.join(tmpdir(), 'dealflow-bench-seal-'));
const identity = await loadOrCreateSealIdentity(sealDir);
const at = new Date();
const evidence = {
  document: {
    title: contract.title,
    kind: 'subscription',
    id: contractMeta.reference,
    sha256: 'a'.repeat(64),
  },
  signer: {
    name: '林小華',
    email: 'hua@example.com',
    signedAt: at,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
  },
  signature: { typedName: '林小華' },
  consent: SIGNING_CONSENT['zh-TW'],
  trail: ['created', 'sent', 'viewed', 'consented', 'code_sent', 'code_verified'].map((kind, i) => ({
    seq: i + 1,
    at,
    kind,
    actor: i < 2 ? '王大明' : '林小華 <hua@example.com>',
    ip: '203.0.113.7',
    hash: 'b'.repeat(64),
  })),
};
results.push(
  await timed(
    'sign one document: certificate page + seal (worker pool)',
    async () =>
      sealPdf(await appendCertificatePage(generated, evidence), identity, {
        reason: '電子簽署',
        location: 'Taipei, Taiwan',
        name: 'Dealflow Document Seal',
        contactInfo: 'noreply@example.com',
      }),
    Math.max(RUNS, 30),
  ),
);
rmSync(sealDir, { recursive: true, force: true });

/**
 * 50 LP subscription contracts through the batch job, as a user's batch runs: each claimed, laid
 * out in the pool, stored in the file store, inserted with its trail in one transaction.
 */
async function batchThroughJob(count: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dealflow-bench-batch-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dir: null });
  const files = createFileStore(config.files);
  const ctx = {
    db: database.db,
    config,
    files,
    jobs: disabledJobQueue(),
    log: Fastify({ logger: false }).log,
  };
  try {
    const [admin] = await database.db
      .insert(employees)
      .values({ email: 'bench-admin@example.com', name: '王大明', role: 'admin', password_hash: 'x' })
      .returning();
    const [kase] = await database.db.insert(cases).values({ name: '星河生技股份有限公司' }).returning();
    const signers = await database.db
      .insert(clients)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `bench-${i}@example.com`,
          name: `投資人${i + 1}`,
          password_hash: 'x',
        })),
      )
      .returning({ id: clients.id });
    if (!admin || !kase) throw new Error('bench rows not made');
    await database.db.transaction((tx) =>
      insertBatch(
        tx,
        {
          case_id: kase.id,
          kind: 'subscription',
          lang: 'zh-TW',
          created_by: admin.id,
          ip: null,
          user_agent: null,
        },
        signers.map((s) => ({ client_id: s.id, commitment_amount: 3_000_000 })),
      ),
    );
    const start = performance.now();
    const tally = await runBatches(ctx);
    const seconds = (performance.now() - start) / 1000;
    if (tally.generated !== count) throw new Error(`the batch made ${tally.generated} of ${count}`);
    const result = {
      label: `generate ${count} LP subscription contracts through the batch job (embedded database)`,
      documents: count,
      seconds: Number(seconds.toFixed(2)),
      documents_per_second: Number((count / seconds).toFixed(1)),
    };
    console.log(`${result.label}: ${result.seconds} s, ${result.documents_per_second} documents per second`);
    return result;
  } finally {
    await database.close();
    await files.close?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
results.push(await batchThroughJob(50));
await pdfPool().close();

mkdirSync(path.join(root, 'bench/out'), { recursive: true });
writeFileSync(path.join(root, 'bench/out/pdf.json'), `${JSON.stringify(results, null, 2)}\n`);
