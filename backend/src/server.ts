import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { openDatabase } from './platform/db/open.ts';
import { isDatabaseEmpty } from './demo/write.ts';
import { seedDemoData } from './demo/seed.ts';
import { ensureAdminUser } from './platform/admin/ensure-admin.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { scheduleHousekeeping } from './platform/housekeeping.ts';
import { scheduleSaleDays } from './domains/catalog/products/sale-days.ts';
import { adminFromEnv, appConfigFromEnv, databaseTarget, EnvError, mailSettingsFromEnv, parseEnv, type BackendEnv } from './env.ts';
import { availableModules, selectModules } from './modules/index.ts';

async function start(env: BackendEnv): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  await database.migrate();
  const seeding = await isDatabaseEmpty(database.db);
  if (seeding) {
    console.log('empty database: seeding the demo catalog…');
    const report = await seedDemoData(database.db, { admin: adminFromEnv(env) });
    console.log(`seeded ${report.products} products (+${report.variants} variants) in ${(report.milliseconds / 1000).toFixed(1)} s`);
  }

  const admin = adminFromEnv(env);
  if (admin) await ensureAdminUser(database.db, admin);
  if (!env.JWT_SECRET) console.warn('JWT_SECRET is not set: using a random key, so tokens stop working when the backend restarts.');
  if (!env.STOREFRONT_PROXY_SECRET) {
    console.warn('STOREFRONT_PROXY_SECRET is not set: shoppers coming through the storefront all count as its address for sign-in limits.');
  }
  if (!env.SMTP_URL) console.warn('SMTP_URL is not set: emails are recorded in the outbox (admin: System → Mail) and not sent.');
  const mailer = createMailer(mailSettingsFromEnv(env));
  const { app, modules, stop: stopModules } = await createApp({ database, config: { ...appConfigFromEnv(env), modules: selectModules(env.MODULES, await availableModules()), mailer } });
  // The modules' tables exist only now (createApp migrates them), so their demo data comes after the catalog.
  if (seeding) await modules.seedDemo();
  const mailWorker = mailer.startWorker(database.db);
  const logJob = (message: string, cause?: unknown) => (cause ? console.error(message, cause) : console.log(message));
  const housekeeping = scheduleHousekeeping(database.db, logJob);
  const saleDays = scheduleSaleDays(database.db, modules.notifications, logJob);
  const server = serve({ fetch: app.fetch, hostname: env.BACKEND_HOST, port: env.BACKEND_PORT }, (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`backend listening on http://${host}:${info.port} (${database.dialect})`);
  });

  const closeAndExit = async (code: number) => {
    // Deliveries, scheduled jobs and the mail worker finish while the database is still open.
    housekeeping.stop();
    saleDays.stop();
    await Promise.all([stopModules(), mailWorker.stop()]);
    await database.close();
    process.exit(code);
  };
  server.once('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${env.BACKEND_PORT} is already in use (set BACKEND_PORT)` : error.message;
    console.error(`backend cannot listen on ${env.BACKEND_HOST}:${env.BACKEND_PORT}: ${reason}`);
    void closeAndExit(1);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    server.close((error) => {
      if (error) console.error('closing the HTTP server failed', error);
      void closeAndExit(error ? 1 : 0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  await start(parseEnv());
} catch (error) {
  // Configuration problems are the operator's to fix: say what, without a stack trace.
  console.error(error instanceof EnvError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}
