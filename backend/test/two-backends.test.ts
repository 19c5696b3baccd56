import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../src/app.ts';
import type { Database } from '../src/platform/db/database.ts';
import { openDatabase } from '../src/platform/db/open.ts';
import { createMailer, type Mailer } from '../src/platform/mail/mailer.ts';
import { availableModules } from '../src/modules/index.ts';
import { shopper } from './helpers/shop-data.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.ts';
import { openTestDatabase, testAuth, type TestDatabase } from './helpers/test-shop.ts';

/** One backend process: its own connection pool, app, mail worker and notification worker. */
interface Backend {
  shop: ShopApp;
  worker: ReturnType<Mailer['startWorker']>;
  post(path: string, json: unknown): Promise<Response>;
}

/**
 * Users who outgrow one machine run several backends on one PostgreSQL server (issue 11 §7). Two
 * instances here share the database and nothing else: each change sends one email, and the limits
 * that protect the shop count across both.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two backends on one PostgreSQL database', () => {
  let shared: TestDatabase;
  let secondPool: Database;
  let smtp: TestSmtpServer;
  let backends: Backend[];

  async function startBackend(database: Database): Promise<Backend> {
    const mailer = createMailer({ smtpUrl: smtp.url, storefrontUrl: 'http://shop.test', delivery: { pollMs: 10 } });
    const shop = await createApp({
      database,
      config: { auth: testAuth, mailer, modules: await availableModules(), env: {}, notifications: { pollMs: 10 } },
    });
    return {
      shop,
      worker: mailer.startWorker(database.db),
      post: async (path, json) => shop.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
    };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    shared = await openTestDatabase('postgres', 'seeded');
    secondPool = await openDatabase({ url: shared.url! });
    // Every module loaded: the second start finds their migrations applied by the first.
    backends = [await startBackend(shared.database), await startBackend(secondPool)];
  });
  afterAll(async () => {
    for (const backend of backends ?? []) await Promise.all([backend.worker.stop(), backend.shop.stop()]);
    await secondPool?.close();
    await shared?.dispose();
    await smtp?.close();
  });

  it('sends one email per change although both mail workers run', async () => {
    const [a] = backends;
    expect((await a!.post('/api/rest/v2/customers/password/forgot', { email: shopper.email })).status).toBe(202);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(shopper.email)).length, { timeout: 10_000 }).toBe(1);
    // Both workers have polled many times since; still one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((mail) => mail.to.includes(shopper.email))).toHaveLength(1);
  });

  it('locks an email after five failed sign-ins, wherever each attempt landed', async () => {
    const [a, b] = backends;
    const wrong = { email: shopper.email, password: 'not-the-password-1' };
    for (const backend of [a, b, a, b, a]) expect((await backend!.post('/api/rest/v2/auth/login', wrong)).status).toBe(401);
    // The limit holds on both, even for the right password.
    for (const backend of [a, b]) expect((await backend!.post('/api/rest/v2/auth/login', shopper)).status).toBe(429);
  });
});
