import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo.ts';
import { safeError } from './plugins/logging.ts';

/** Exit status for a configuration the process cannot start with (sysexits EX_CONFIG). */
const EXIT_CONFIG = 78;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      // EX_CONFIG: a supervisor should not restart a process that cannot start as configured.
      process.exit(EXIT_CONFIG);
    }
    throw err;
  }

  const app = await buildApp(config);
  const database = app.deps.database;
  if (config.seedDemo && (await seedDemo(app.deps.db, config.demoPassword))) {
    const emails = [
      ...DEMO_ACCOUNTS.staff.map((s) => `${s.email} (${s.role})`),
      `${DEMO_ACCOUNTS.investor} (investor)`,
      `${DEMO_ACCOUNTS.startup} (startup)`,
    ];
    app.log.info('demo data loaded');
    // A password is never printed in production mode: start-up output ends up in log collectors.
    const password =
      config.env !== 'production' && config.demoPassword === 'dealflow-demo'
        ? 'dealflow-demo'
        : config.demoPassword === 'dealflow-demo'
          ? 'the default demo password in the README'
          : 'the DEMO_PASSWORD you set';
    console.log(`\nDemo sign-ins (password: ${password}):`);
    for (const e of emails) console.log(`  ${e}`);
    console.log('  staff sign in at /dashboard/login; investor and startup at /login\n');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A promise nobody awaited failed: log it (by type and code, never its values) and keep serving.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });
  // State may be broken after an uncaught exception: log it, stop taking requests and exit non-zero
  // so the supervisor (`npm start`, systemd, the container runtime) starts a clean process.
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception: restarting');
    process.exitCode = 1;
    const timer = setTimeout(() => process.exit(1), 5_000);
    timer.unref();
    void app.close().finally(() => process.exit(1));
  });

  await app.listen({ port: config.port, host: config.host });
  // Under `npm start`'s supervisor: a crash after this point is not a start-up loop.
  process.send?.('ready');
  process.channel?.unref();
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Dealflow is running on http://${shown}:${config.port} (database: ${database.kind})`);
}

main().catch((err) => {
  const e = safeError(err);
  console.error(`Dealflow could not start: ${e.type}: ${e.message}${e.db ? ` ${JSON.stringify(e.db)}` : ''}`);
  if (e.stack) console.error(e.stack);
  process.exit(1);
});
