import {
  CONTRACT_CONFIG_KEY,
  CaseContractOverride,
  ContractConfig,
  DEFAULT_CONTRACT_CONFIG,
  effectiveContractConfig,
  type CaseContractConfig,
  type CaseContractConfigBody,
  type ContractConfigBody,
  type ContractConfigView,
  type ContractPreviewBody,
  dayInTimeZone,
} from '@dealflow/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type ServiceContext, staffActor } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Changes, recordActivity } from '../activity/repository.ts';
import { findCase, findCaseForUpdate } from '../cases/repository.ts';
import { renderLegalDocument } from './render.ts';
import * as repo from './repository.ts';

/**
 * The contract configuration (issue 12): the default for every case (config key `contact`) and
 * what one case changes of it. Writes are admin work (`platform.config`, SPEC section 6 keeps every
 * other role off dashboard-config-contract), checked against the version the writer read, and
 * recorded in the history.
 */

/** A stored value that no longer has the configuration's shape: logged, and the default served. */
function parsedDefault(ctx: Pick<ServiceContext, 'log'>, stored: repo.StoredConfig | null): ContractConfig {
  if (!stored) return DEFAULT_CONTRACT_CONFIG;
  const parsed = ContractConfig.safeParse(stored.value);
  if (parsed.success) return parsed.data;
  ctx.log.warn(
    { issues: parsed.error.issues },
    'stored contract configuration has the wrong shape; serving the default',
  );
  return DEFAULT_CONTRACT_CONFIG;
}

function parsedOverride(
  ctx: Pick<ServiceContext, 'log'>,
  stored: repo.StoredConfig | null,
): CaseContractOverride {
  if (!stored) return {};
  const parsed = CaseContractOverride.safeParse(stored.value);
  if (parsed.success) return parsed.data;
  ctx.log.warn(
    { issues: parsed.error.issues },
    'stored case contract configuration has the wrong shape; ignoring it',
  );
  return {};
}

/** Refuses a write made on a version older than the stored one (undefined: the writer did not say). */
function checkVersion(stored: repo.StoredConfig | null, expected: string | null | undefined) {
  if (expected === undefined) return;
  const current = stored ? stored.updated_at.getTime() : null;
  const wanted = expected === null ? null : Date.parse(expected);
  if (current !== wanted) throw new AppError('CONFIG_CHANGED');
}

/** Field-by-field changes of two configurations, for the history (figures, party, seat, texts). */
function configChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const from = before[key];
    const to = after[key];
    const name = `${prefix}${key}`;
    const nested = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    // Down to single values: a part only one side has compares with nothing on the other.
    if ((nested(from) || nested(to)) && (nested(from) || from == null) && (nested(to) || to == null)) {
      Object.assign(
        changes,
        configChanges(
          (from ?? {}) as Record<string, unknown>,
          (to ?? {}) as Record<string, unknown>,
          `${name}.`,
        ),
      );
    } else if (JSON.stringify(from) !== JSON.stringify(to)) {
      changes[name] = { from: from ?? null, to: to ?? null };
    }
  }
  return changes;
}

/** The default configuration as any signed-in user reads it (`GET config/{key}`). */
export async function readConfig(ctx: ServiceContext, key: string): Promise<ContractConfigView> {
  if (key !== CONTRACT_CONFIG_KEY) throw new AppError('CONFIG_NOT_FOUND');
  const stored = await repo.readDefault(ctx.db);
  return {
    key: CONTRACT_CONFIG_KEY,
    value: parsedDefault(ctx, stored),
    updated_at: stored?.updated_at.toISOString() ?? null,
  };
}

export async function writeConfig(
  ctx: ServiceContext,
  body: ContractConfigBody,
): Promise<ContractConfigView> {
  const { updated_at: expected, ...value } = body;
  staffActor(ctx);
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const stored = await repo.readDefault(tx, true);
    checkVersion(stored, expected);
    const before = parsedDefault(ctx, stored);
    if (stored) {
      await repo.updateDefault(tx, value, at);
    } else if (!(await repo.insertDefault(tx, value, at))) {
      // Another first save got in between: this writer read the unsaved default.
      if (expected !== undefined) throw new AppError('CONFIG_CHANGED');
      await repo.updateDefault(tx, value, at);
    }
    const changes = configChanges(before, value);
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, ctx.actor, {
        entity_type: 'contract_config',
        entity_id: 0,
        action: 'update',
        changes,
      });
    }
  });
  return readConfig(ctx, CONTRACT_CONFIG_KEY);
}

async function caseView(
  ctx: Pick<ServiceContext, 'log'>,
  db: DbOrTx,
  caseId: number,
): Promise<CaseContractConfig> {
  const [stored, base] = await Promise.all([repo.readCaseOverride(db, caseId), repo.readDefault(db)]);
  const override = parsedOverride(ctx, stored);
  return {
    case_id: caseId,
    override,
    effective: effectiveContractConfig(parsedDefault(ctx, base), override),
    updated_at: stored?.updated_at.toISOString() ?? null,
  };
}

/** The configuration that applies to one case (what documents of the case are generated with). */
export async function caseConfig(ctx: ServiceContext, caseId: number): Promise<CaseContractConfig> {
  const kase = await findCase(ctx.db, caseId);
  if (!kase) throw new AppError('CASE_NOT_FOUND');
  return caseView(ctx, ctx.db, caseId);
}

const isEmpty = (o: CaseContractOverride) =>
  Object.keys(o.figures ?? {}).length === 0 && Object.keys(o.texts ?? {}).length === 0;

/** Saves what a case changes of the default; nothing changed removes the case's own configuration. */
export async function writeCaseConfig(
  ctx: ServiceContext,
  caseId: number,
  body: CaseContractConfigBody,
): Promise<CaseContractConfig> {
  const actor = staffActor(ctx);
  const { updated_at: expected, ...rest } = body;
  const override: CaseContractOverride = {
    ...(rest.figures && Object.keys(rest.figures).length > 0 ? { figures: rest.figures } : {}),
    ...(rest.texts && Object.keys(rest.texts).length > 0 ? { texts: rest.texts } : {}),
  };
  await ctx.db.transaction(async (tx) => {
    const kase = await findCaseForUpdate(tx, caseId);
    if (!kase || kase.is_deleted) throw new AppError('CASE_NOT_FOUND');
    const stored = await repo.readCaseOverride(tx, caseId, true);
    checkVersion(stored, expected);
    const before = parsedOverride(ctx, stored);
    if (isEmpty(override)) await repo.deleteCaseOverride(tx, caseId);
    else await repo.upsertCaseOverride(tx, caseId, override, actor.id, new Date());
    const changes = configChanges({ contract: before }, { contract: override });
    if (Object.keys(changes).length > 0) {
      await recordActivity(tx, ctx.actor, {
        entity_type: 'case',
        entity_id: caseId,
        action: 'contract_config',
        changes,
      });
    }
  });
  return caseView(ctx, ctx.db, caseId);
}

/** The configuration a case's documents are generated with (no permission check: the caller's). */
export async function effectiveCaseConfig(
  ctx: Pick<ServiceContext, 'log'>,
  db: DbOrTx,
  caseId: number,
): Promise<ContractConfig> {
  return (await caseView(ctx, db, caseId)).effective;
}

/** The sample signer a preview is filled for, in the document's language. */
const SAMPLE_SIGNER = {
  'zh-TW': { name: '範例投資人', company: '範例公司' },
  en: { name: 'Sample Investor', company: 'Sample Company' },
} as const;

/**
 * One document as PDF from a configuration not yet saved (the form as the admin sees it), filled
 * exactly as a generated one is, for a sample signer and, given a case, that case's company.
 * Nothing is stored: no file, no document, no history.
 */
export async function previewDocument(ctx: ServiceContext, body: ContractPreviewBody): Promise<Uint8Array> {
  staffActor(ctx);
  const sample = SAMPLE_SIGNER[body.lang];
  let companyName: string = sample.company;
  if (body.case_id !== undefined) {
    const kase = await findCase(ctx.db, body.case_id);
    if (!kase) throw new AppError('CASE_NOT_FOUND');
    companyName = kase.name;
  }
  const { pdf } = await renderLegalDocument({
    config: body.config,
    kind: body.kind,
    lang: body.lang,
    subject: {
      signerName: sample.name,
      signerEmail: 'sample@example.com',
      companyName,
      commitmentAmount: null,
      date: dayInTimeZone(new Date(), ctx.config.reports.timeZone),
    },
    reference: 'PREVIEW',
    createdAt: new Date(),
  });
  return pdf;
}
