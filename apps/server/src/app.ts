import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createReplySerializer } from './plugins/serializer.ts';
import { registerWeb } from './plugins/web.ts';
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
import { ddRoutes } from './modules/ddComments/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { PrincipalCache } from './modules/auth/principalCache.ts';
import { staticDataRoutes } from './modules/staticData/routes.ts';
import { clientRoutes } from './modules/clients/routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  principals: PrincipalCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  /** An already opened database (tests pass their own); otherwise opened from config. */
  database?: Database;
  logger?: boolean;
  mailer?: Mailer;
}

/** Builds the whole API (and the web app when built) without listening: tests import this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(config.database));
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', '*.password'],
          },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createReplySerializer(config.validateResponses));
  const principals = new PrincipalCache(config.accountCacheSeconds * 1000);
  // The accounts trigger (migration 0006) notifies every instance of a changed staff or investor account.
  await database.listen(
    'dealflow_accounts',
    (payload) => principals.forgetNotified(payload),
    () => principals.clear(),
  );
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mailer: options.mailer ?? createMailer(config),
    principals,
  });
  app.decorateRequest('principal', null);
  registerErrorHandling(app);
  // Before any route: it adds the Idempotency-Key header and hooks to each authenticated POST.
  registerIdempotency(app);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
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

  await registerWeb(app, config);
  if (!options.database) app.addHook('onClose', () => database.close());
  return app;
}
