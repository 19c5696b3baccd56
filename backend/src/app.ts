import type { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { mountAdmin } from './core/admin/mount.ts';
import { LoginThrottle } from './core/auth/login-throttle.ts';
import { resolveCaller } from './core/auth/resolve-caller.ts';
import { authRoutes } from './core/auth/routes.ts';
import { authSettings, type AuthSettings } from './core/auth/settings.ts';
import { blogRoutes } from './core/blog/routes.ts';
import { cartRoutes } from './core/carts/routes.ts';
import { categoryRoutes } from './core/catalog/categories/routes.ts';
import { productRoutes } from './core/catalog/products/routes.ts';
import { checkoutRoutes } from './core/checkout/routes.ts';
import { cmsRoutes } from './core/cms/routes.ts';
import { countryRoutes } from './core/countries/routes.ts';
import { customerRoutes } from './core/customers/routes.ts';
import type { Db } from './core/db/database.ts';
import { apiPrefix, mountDocs } from './core/docs/routes.ts';
import { errorHandler, notFoundHandler, type ErrorLogger } from './core/errors.ts';
import { healthRoutes } from './core/health.ts';
import type { AppEnv } from './core/http/context.ts';
import { createRouter } from './core/http/router.ts';
import { createMailer, type Mailer } from './core/mail/mailer.ts';
import { mailAdminRoutes } from './core/mail/routes.ts';
import { mediaRoutes } from './core/media/routes.ts';
import type { ModuleDefinition } from './core/modules/define-module.ts';
import { loadModules } from './core/modules/registry.ts';
import { orderRoutes } from './core/orders/routes.ts';
import { paymentProviders, type PaymentSettings } from './core/payments/providers.ts';
import { searchRoutes } from './core/search/routes.ts';
import { storeRoutes } from './core/stores/routes.ts';

export interface AppConfig {
  /** Where unexpected errors go (the client only sees a generic 500). Defaults to stderr. */
  logError?: ErrorLogger;
  /** Token signing and lifetimes; see core/auth/settings.ts for defaults. */
  auth?: AuthSettings;
  payments?: PaymentSettings;
  /** Modules to load (src/modules/index.ts lists the server's); none by default. */
  modules?: readonly ModuleDefinition[];
  /** Believe X-Forwarded-For for the caller's IP (a trusted proxy is in front). */
  trustProxy?: boolean;
  /** Per-failure login slowdown; tests set 0. */
  loginSlowdownMs?: number;
  /** The outbox writer (server.ts builds it from SMTP_URL…); by default emails are recorded, never sent. */
  mailer?: Mailer;
}

const logToStderr: ErrorLogger = (message, cause) => console.error(message, cause);

/** Builds the HTTP app; it does not listen (server.ts does, tests call app.request()). */
export function createApp({ db, config = {} }: { db: Db; config?: AppConfig }): OpenAPIHono<AppEnv> {
  const auth = config.auth ?? authSettings();
  const registry = loadModules(config.modules ?? []);
  const payments = paymentProviders(config.payments ?? { defaultProvider: 'test' });
  const throttleOptions = { maxFailures: auth.maxFailedLogins, lockoutSeconds: auth.lockoutSeconds, slowdownMs: config.loginSlowdownMs ?? 250 };
  const loginThrottle = new LoginThrottle(throttleOptions);
  const mailer = config.mailer ?? createMailer();
  const app = createRouter<AppEnv>();
  app.onError(errorHandler(config.logError ?? logToStderr));
  app.notFound(notFoundHandler);
  app.use(
    createMiddleware<AppEnv>(async function provideServices(c, next) {
      c.set('db', db);
      c.set('auth', auth);
      c.set('events', registry.events);
      c.set('hooks', registry.hooks);
      c.set('payments', payments);
      c.set('mailer', mailer);
      c.set('loginThrottle', loginThrottle);
      c.set('trustProxy', config.trustProxy ?? false);
      await next();
    }),
  );
  app.use(`${apiPrefix}/*`, resolveCaller({ ignoreUnder: `${apiPrefix}/auth/` }));

  app.route('/', healthRoutes);
  app.route('/', mediaRoutes);
  for (const api of [storeRoutes, categoryRoutes, productRoutes, searchRoutes, cmsRoutes, blogRoutes, countryRoutes, cartRoutes, checkoutRoutes]) app.route(apiPrefix, api);
  for (const api of [authRoutes, customerRoutes, orderRoutes, mailAdminRoutes]) app.route(apiPrefix, api);
  for (const module of registry.modules) if (module.routes?.api) app.route(apiPrefix, module.routes.api);
  // Modules with background work (schedules, debounced calls) get the database once, here.
  for (const module of registry.modules) module.start?.({ db });
  mountAdmin(app, registry, throttleOptions);
  mountDocs(app);
  return app;
}
