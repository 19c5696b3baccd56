import type { OpenAPIHono } from '@hono/zod-openapi';
import { coreDomains } from './domains/index.ts';
import { createMiddleware } from 'hono/factory';
import { mountAdmin } from './platform/admin/mount.ts';
import { LoginThrottle } from './platform/auth/login-throttle.ts';
import { defaultRegistrationLimits, type RegistrationLimits } from './domains/customers/registration-limits.ts';
import { resolveCaller } from './platform/auth/resolve-caller.ts';
import { authSettings, type AuthSettings } from './platform/auth/settings.ts';
import { documentGuestReadRefusal, guardCatalogGuestReads } from './domains/catalog/guest-reads.ts';
import type { Database } from './platform/db/database.ts';
import { RequestQueue } from './platform/db/request-queue.ts';
import { requireAdminToken } from './platform/auth/require-admin-token.ts';
import { waitForDatabase } from './platform/db/wait-for-database.ts';
import { apiPrefix, mountDocs } from './platform/docs/routes.ts';
import { errorHandler, notFoundHandler, type ErrorLogger } from './platform/errors.ts';
import { resolveClientIp } from './platform/http/client-ip.ts';
import { recogniseStorefrontCalls } from './platform/http/storefront-call.ts';
import { inputHygiene } from './platform/http/input-hygiene.ts';
import type { AppEnv } from './platform/http/context.ts';
import { createRouter } from './platform/http/router.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import type { AnyModule } from './platform/modules/define-module.ts';
import { mountDomains } from './platform/modules/mount-domains.ts';
import { mountModules } from './platform/modules/mount-modules.ts';
import { ModulePlatform } from './platform/modules/platform.ts';
import type { DeliveryOptions } from './platform/events/notifications.ts';
import { paymentProviders, type PaymentSettings } from './domains/payments/providers.ts';

export interface AppConfig {
  /** Where unexpected errors go (the client only sees a generic 500). Defaults to stderr. */
  logError?: ErrorLogger;
  /** Token signing and lifetimes; see platform/auth/settings.ts for defaults. */
  auth?: AuthSettings;
  payments?: PaymentSettings;
  /** Modules to load (src/modules/index.ts lists the server's); none by default. */
  modules?: readonly AnyModule[];
  /** The environment modules read (their `env` schemas, the secrets' key); process.env by default. */
  env?: Record<string, string | undefined>;
  /** Notification delivery timing (tests shorten it). */
  notifications?: Omit<DeliveryOptions, 'log'>;
  /**
   * STOREFRONT_PROXY_SECRET: the storefront signs the visitor's IP with it (X-Client-IP), and its own
   * calls (X-Storefront-Call); unset means the socket address always counts and no request is the
   * storefront's. X-Forwarded-For is never believed (DECISIONS.md 41).
   */
  storefrontProxySecret?: string;
  /** Sign-ups an hour per client IP and per email (DECISIONS.md 57); tests that sign many up raise them. */
  registrationLimits?: RegistrationLimits;
  /** The outbox writer (server.ts builds it from SMTP_URL…); by default emails are recorded, never sent. */
  mailer?: Mailer;
  /** The fair queue requests wait in for the database (DECISIONS.md 58); by default one with the database's limits. Tests pass small ones. */
  databaseQueue?: RequestQueue;
}


const logToStderr: ErrorLogger = (message, cause) => console.error(message, cause);

/** A running app: the HTTP handler, and `stop` for its background work (deliveries, schedules). */
export interface ShopApp {
  app: OpenAPIHono<AppEnv>;
  modules: ModulePlatform;
  stop(): Promise<void>;
}

/**
 * Builds the HTTP app over a migrated database; it does not listen (server.ts does, tests call
 * app.request()). Applies the loaded modules' own migrations first, then starts their background work.
 */
export async function createApp({ database, config = {} }: { database: Database; config?: AppConfig }): Promise<ShopApp> {
  const db = database.db;
  const modules = config.modules ?? [];
  for (const module of modules) if (module.migrations) await database.migrate({ folder: module.migrations, table: `__migrations_${module.id.replaceAll('-', '_')}` });
  const auth = config.auth ?? authSettings();
  const log = config.logError ?? logToStderr;
  const mailer = config.mailer ?? createMailer();
  const platform = new ModulePlatform(modules, {
    db,
    env: config.env ?? process.env,
    mailer,
    log,
    clock: () => new Date(),
    notifications: config.notifications,
  });
  const payments = paymentProviders(config.payments ?? { defaultProvider: 'test' });
  const throttleOptions = { maxFailures: auth.maxFailedLogins, lockoutSeconds: auth.lockoutSeconds };
  const loginThrottle = new LoginThrottle(throttleOptions);
  const app = createRouter<AppEnv>();
  app.onError(errorHandler(log));
  app.notFound(notFoundHandler);
  // First the input guard (it reads no database, so refusing hostile input costs no turn in the queue),
  // then the database queue: a request refused for overload must not have run anything.
  app.use(inputHygiene);
  app.use(waitForDatabase(config.databaseQueue ?? new RequestQueue(database.queueLimits)));
  app.use(
    createMiddleware<AppEnv>(async function provideServices(c, next) {
      c.set('db', db);
      c.set('auth', auth);
      c.set('notifications', platform.notifications);
      c.set('annotations', platform.annotations);
      c.set('hooks', platform.hooks);
      c.set('modules', platform);
      c.set('payments', payments);
      c.set('mailer', mailer);
      c.set('loginThrottle', loginThrottle);
      c.set('registrationLimits', config.registrationLimits ?? defaultRegistrationLimits);
      await next();
    }),
  );
  app.use(resolveClientIp({ proxySecret: config.storefrontProxySecret }));
  app.use(recogniseStorefrontCalls({ proxySecret: config.storefrontProxySecret }));
  app.use(`${apiPrefix}/*`, resolveCaller({ ignoreUnder: `${apiPrefix}/auth/` }));
  // Who may call the admin API is settled before any route validates what was sent: an outsider gets
  // 401/403 at once, never a validation answer describing the route's fields (issue 31).
  app.use(`${apiPrefix}/admin/*`, requireAdminToken);
  guardCatalogGuestReads(app, apiPrefix);

  mountDomains(app, coreDomains);
  mountModules(app, modules);
  mountAdmin(app, { domains: coreDomains, modules: platform }, throttleOptions, (config.env ?? process.env).ADMIN_URL || undefined);
  documentGuestReadRefusal(app, apiPrefix);
  mountDocs(app);
  await platform.start();
  return { app, modules: platform, stop: () => platform.stop() };
}
