import { Readable } from 'node:stream';
import { DOC_MAX_BYTES, termSheetFileRefs } from '@dealflow/domain';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { StoredFileMissing } from '../../lib/storage.ts';
import { recordActivity } from '../activity/repository.ts';
import * as filesRepo from '../files/repository.ts';
import { myCase } from '../investorCases/service.ts';

/**
 * The data room (issue 12, "what a data room does"): an investor who may open a case's
 * confidential files (a role on it, or its NDA signed) reads the files its term sheet names — the
 * presentation and the media. Every PDF is stamped on the fly with the reader's name, email and the
 * time, and every opening or download is written in the case's history.
 */

/**
 * The case, when this investor may open its files: they see it (issue 13's rule: tier, stage, fund
 * platform, role, invitation) and it is not masked to them (a de-identified case opens once their
 * NDA is signed). Otherwise not found, nothing said about why.
 */
async function openableCase(ctx: ServiceContext, caseId: number) {
  const { actor, found, access } = await myCase(ctx, caseId);
  if (access.masked) throw new AppError('CASE_NOT_FOUND');
  return { kase: found.row, actor };
}

export interface DataRoomFile {
  file_id: number;
  field: string;
  name: string;
  mime: string;
  size: number;
}

/** The case's files this investor may open, presentation first. */
export async function listCaseFiles(ctx: ServiceContext, caseId: number): Promise<DataRoomFile[]> {
  const { kase } = await openableCase(ctx, caseId);
  const files: DataRoomFile[] = [];
  for (const { field, ref } of termSheetFileRefs(kase.term_sheet)) {
    const row = await filesRepo.findFile(ctx.db, ref.file_id);
    if (!row) continue;
    files.push({ file_id: row.id, field, name: ref.name || row.name, mime: row.mime, size: row.size });
  }
  return files;
}

/**
 * One of the case's files: a PDF stamped with who reads it and when (in a worker thread), anything
 * else as stored. Written in the case's history as a view or a download.
 */
export async function openCaseFile(ctx: ServiceContext, caseId: number, fileId: number, download: boolean) {
  const { kase, actor } = await openableCase(ctx, caseId);
  const ref = termSheetFileRefs(kase.term_sheet).find((r) => r.ref.file_id === fileId);
  const file = ref ? await filesRepo.findFile(ctx.db, fileId) : null;
  if (!ref || !file) throw new AppError('FILE_NOT_FOUND');
  let stream: Readable;
  try {
    stream = (await ctx.files.get(file.storage_key)).stream;
  } catch (err) {
    if (!(err instanceof StoredFileMissing)) throw err;
    ctx.log.error({ fileId, key: file.storage_key }, 'a data room file is missing from the store');
    throw new AppError('FILE_NOT_FOUND');
  }
  let body: Readable = stream;
  let size = file.size;
  if (file.mime === 'application/pdf') {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > DOC_MAX_BYTES) throw new AppError('DOC_TOO_LARGE');
      chunks.push(chunk as Buffer);
    }
    // The PDF code (pdf-lib, fontkit) loads on first use, not with the server (decision 0041).
    const { stampForViewer } = await import('../../lib/pdf/stamp.ts');
    const stamped = await stampForViewer(
      new Uint8Array(Buffer.concat(chunks)),
      { name: actor.row.name, email: actor.row.email, at: new Date() },
      ctx.config.reports.timeZone,
    );
    body = Readable.from([Buffer.from(stamped)]);
    size = stamped.byteLength;
  }
  await recordActivity(ctx.db, ctx.actor, {
    entity_type: 'case',
    entity_id: caseId,
    action: download ? 'file.download' : 'file.view',
    changes: { file: { from: null, to: ref.ref.name || file.name } },
  });
  return { file, size, body };
}
