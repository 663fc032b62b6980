import Fastify, { type FastifyInstance, type onSendHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createFileStore } from './lib/fileStores.ts';
import type { FileStore } from './lib/storage.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { frameworkErrors, registerInputValidation } from './plugins/validation.ts';
import { createReplySerializer } from './plugins/serializer.ts';
import { registerWeb } from './plugins/web.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { caseRoutes } from './modules/cases/routes.ts';
import { employeeRoutes } from './modules/employees/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { todoRoutes } from './modules/todos/routes.ts';
import { calendarRoutes } from './modules/calendars/routes.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { maintenanceRoutes } from './modules/maintenances/routes.ts';
import { infoUpdateRoutes } from './modules/infoUpdates/routes.ts';
import { shareholderRoutes } from './modules/shareholders/routes.ts';
import { caseRoleRoutes } from './modules/caseRoles/routes.ts';
import { newsRoutes } from './modules/news/routes.ts';
import { clientDdRoutes, ddRoutes } from './modules/ddComments/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { PrincipalCache } from './modules/auth/principalCache.ts';
import { RevokedTokens } from './modules/auth/revokedTokens.ts';
import { loadRevokedTokens } from './modules/auth/service.ts';
import { staticDataRoutes } from './modules/staticData/routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { clientSheetRoutes } from './modules/clientSheets/routes.ts';
import { clientFileRoutes } from './modules/clientFiles/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { clientCaseRoutes } from './modules/clientCases/routes.ts';
import { clientNotificationRoutes } from './modules/clientNotifications/routes.ts';
import { clientContactRoutes } from './modules/clientContacts/routes.ts';
import { clientAccountRoutes } from './modules/clientAccounts/routes.ts';
import { clientInterestRoutes } from './modules/clientInterests/routes.ts';
import { groupRoutes } from './modules/groups/routes.ts';
import { cardRoutes } from './modules/cards/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { serviceRoutes } from './modules/services/routes.ts';
import { LIVE_CHANNEL } from './modules/live/events.ts';
import { LiveHub } from './modules/live/hub.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { workLogRoutes } from './modules/workLogs/routes.ts';
import { firmCalendarRoutes } from './modules/firmCalendar/routes.ts';
import { contractConfigRoutes } from './modules/contractConfig/routes.ts';
import { legalDocRoutes } from './modules/legalDocs/routes.ts';
import { legalDocSignRoutes } from './modules/legalDocs/signRoutes.ts';
import { dataRoomRoutes } from './modules/dataRoom/routes.ts';
import { investorCaseRoutes } from './modules/investorCases/routes.ts';
import { pdfRoutes } from './modules/pdfs/routes.ts';
import { qaRoutes } from './modules/qa/routes.ts';
import { tutorialRoutes } from './modules/tutorial/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import type { ReadableFileResolver } from './modules/pdfs/readableFile.ts';
import { readableStoredFile } from './modules/files/service.ts';
import { ReportCache } from './modules/reports/cache.ts';
import { jobDefinitions } from './jobs/index.ts';
import { disabledJobQueue, type JobQueue, startJobQueue } from './jobs/queue.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The one file store (uploaded documents). */
  files: FileStore;
  principals: PrincipalCache;
  revocations: RevokedTokens;
  /** Report answers kept until what they count changes (modules/reports/cache.ts). */
  reportAnswers: ReportCache;
  /** The one job queue; disabled (queues and runs nothing) when JOBS_ENABLED is off. */
  jobs: JobQueue;
  /** Live updates: the browser streams open on this instance, fed by LISTEN on one channel. */
  live: { hub: LiveHub };
  /** Opens a stored file by id for whoever acts, when they may read it (PDF to HTML reads through it). */
  readableFiles: ReadableFileResolver;
  /** The time services go by where a limit depends on it (mailed codes): tests move it instead of sleeping. */
  clock: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyContextConfig {
    /** The route writes nothing a report counts: a success keeps the kept report answers. */
    keepsReports?: boolean;
  }
}

export interface BuildOptions {
  /** An already opened database (tests pass their own); otherwise opened from config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  mailer?: Mailer;
  /** Where uploaded files go instead of DATA_DIR/files. */
  files?: FileStore;
  /** How stored files are opened by id (tests give one over their own store). */
  readableFiles?: ReadableFileResolver;
  /** The time services go by (mailed codes' lifetime and limits); the system clock by default. */
  clock?: () => Date;
}

/** Methods that change nothing (anything else may write: see the report answers' hook). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole API (and the web app when built) without listening: tests import this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  const database =
    options.database ??
    (await openDatabase(
      config.database.kind === 'postgres'
        ? {
            ...config.database,
            onWait: (attempt, err) =>
              app.log.warn({ attempt, err }, 'waiting for the database to accept connections'),
          }
        : config.database,
    ));

  registerInputValidation(app);
  app.setSerializerCompiler(createReplySerializer(config.validateResponses));
  const principals = new PrincipalCache(config.accountCacheSeconds * 1000);
  // The accounts trigger (migration 0006) notifies every instance of a changed staff or investor account.
  // Live updates (modules/live): the streams open on this instance, ended when their account or
  // token stops being valid (both notifications below).
  const hub = new LiveHub(config.live.maxStreams);
  await database.listen(
    'dealflow_accounts',
    (payload) => {
      principals.forgetNotified(payload);
      hub.accountNotified(payload);
    },
    () => principals.clear(),
  );
  // Report answers (decision 0044): dropped on the triggers of migration 0037 (what a report counts
  // changed somewhere), and by a write on this instance before its reply leaves, so its author's
  // next report shows it even before that notification arrives. Sign-in and sign-out routes say
  // they change nothing a report counts (`config.keepsReports`): everyone lands on the reports.
  const reportAnswers = new ReportCache(config.reports.cacheSeconds * 1000);
  await database.listen(
    'dealflow_reports',
    () => reportAnswers.clear(),
    () => reportAnswers.clear(),
  );
  // A hook of the write routes only: a read's reply passes no onSend hook at all.
  const dropReports: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode < 400 && !READ_METHODS.has(request.method)) reportAnswers.clear();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READ_METHODS.has(m)) || route.config?.keepsReports) return;
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), dropReports];
  });
  // Signed-out token ids, kept in memory: loaded now, and notified by the trigger of migration 0009
  // (reloaded whenever that listener reconnects, having possibly missed some).
  const revocations = new RevokedTokens();
  let closing = false;
  const reloadRevocations = (): Promise<void> =>
    loadRevokedTokens(database.db, revocations).catch((err: unknown) => {
      if (closing) return;
      app.log.error({ err }, 'reloading revoked tokens failed; retrying in 5 s');
      setTimeout(() => void reloadRevocations(), 5000).unref();
    });
  app.addHook('onClose', async () => {
    closing = true;
  });
  await database.listen(
    'dealflow_revoked_tokens',
    (payload) => {
      revocations.addNotified(payload);
      hub.revokedNotified(payload);
    },
    () => void reloadRevocations(),
  );
  await loadRevokedTokens(database.db, revocations);
  // Every instance hears every live event and tells its own streams; a lost listening connection
  // tells them to refetch what they show.
  await database.listen(
    LIVE_CHANNEL,
    (payload) => hub.publish(payload),
    () => hub.reset(),
  );
  // Open streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => hub.closeAll());
  // A store made here is closed here; one a caller passed in is the caller's to close.
  const files = options.files ?? createFileStore(config.files);
  if (!options.files) app.addHook('onClose', async () => files.close?.());
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mailer: options.mailer ?? createMailer(config),
    files,
    principals,
    revocations,
    reportAnswers,
    // Started last (below), once everything else is in place.
    jobs: disabledJobQueue(),
    live: { hub },
    // A file by id, for an actor who may read it: the files module's rule, the store's bytes.
    readableFiles: options.readableFiles ?? readableStoredFile,
    clock: options.clock ?? (() => new Date()),
  });
  app.decorateRequest('principal', null);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  // Before any route: it adds the Idempotency-Key header and hooks to each authenticated POST.
  registerIdempotency(app);
  await registerOpenApi(app, config);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(employeeRoutes);
  await app.register(caseRoutes);
  await app.register(todoRoutes);
  await app.register(calendarRoutes);
  await app.register(commentRoutes);
  await app.register(maintenanceRoutes);
  await app.register(infoUpdateRoutes);
  await app.register(shareholderRoutes);
  await app.register(caseRoleRoutes);
  await app.register(newsRoutes);
  await app.register(ddRoutes);
  await app.register(reviewRoutes);
  await app.register(staticDataRoutes);
  await app.register(clientRoutes);
  await app.register(clientSheetRoutes);
  await app.register(clientFileRoutes);
  await app.register(fileRoutes);
  await app.register(clientCaseRoutes);
  await app.register(clientNotificationRoutes);
  await app.register(clientContactRoutes);
  await app.register(clientAccountRoutes);
  await app.register(clientInterestRoutes);
  await app.register(clientDdRoutes);
  await app.register(groupRoutes);
  await app.register(cardRoutes);
  await app.register(reportRoutes);
  await app.register(serviceRoutes);
  await app.register(liveRoutes);
  await app.register(workLogRoutes);
  await app.register(firmCalendarRoutes);
  await app.register(contractConfigRoutes);
  await app.register(legalDocRoutes);
  await app.register(legalDocSignRoutes);
  await app.register(dataRoomRoutes);
  await app.register(investorCaseRoutes);
  await app.register(pdfRoutes);
  await app.register(qaRoutes);
  await app.register(tutorialRoutes);
  await app.register(registrationRoutes);

  await registerWeb(app, config);
  if (!options.database) app.addHook('onClose', () => database.close());
  if (config.jobs.enabled) {
    const jobs = await startJobQueue({ database, config, log: app.log, files }, jobDefinitions(config));
    app.deps.jobs = jobs;
    // onClose hooks run last registered first: the queue stops (its running job done) before the
    // database above closes.
    app.addHook('onClose', () => jobs.stop());
  }
  return app;
}
