import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/demo.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
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
    console.log(
      `\nDemo sign-ins (password: ${config.demoPassword === 'dealflow-demo' ? 'dealflow-demo' : 'the DEMO_PASSWORD you set'}):`,
    );
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

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Dealflow is running on http://${shown}:${config.port} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
