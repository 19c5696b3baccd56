import type { HttpBindings } from '@hono/node-server';
import type { Caller } from '../auth/caller.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { AuthSettings } from '../auth/settings.ts';
import type { RegistrationLimits } from '../../domains/customers/registration-limits.ts';
import type { Db } from '../db/database.ts';
import type { stores } from '../db/schema/index.ts';
import type { Annotations } from '../events/annotations.ts';
import type { Notifications } from '../events/notifications.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { HookRegistry } from '../modules/hooks.ts';
import type { PaymentProviders } from '../../domains/payments/provider.ts';

/** Per-request values every route can read through `c.var`. */
export interface AppVariables {
  db: Db;
  auth: AuthSettings;
  /** Publishes notifications (after commit, durable); pass the open transaction as `db`. */
  notifications: Notifications;
  /** In-request annotations of answers (api_product_dto_build). */
  annotations: Annotations;
  hooks: HookRegistry;
  // `modules` (the loaded modules: their contexts and configurations) is declared beside ModulePlatform in
  // platform/modules/platform.ts: a module's definition names this env, so naming the platform here
  // would close a type cycle (context → platform → define-module → context).
  payments: PaymentProviders;
  /** Writes emails to the outbox (in the caller's transaction); platform/mail. */
  mailer: Mailer;
  loginThrottle: LoginThrottle;
  registrationLimits: RegistrationLimits;
  /** Guest unless a valid access token came with the request. */
  caller: Caller;
  /** The visitor's IP: the storefront's signed X-Client-IP, else the socket address (platform/http/client-ip.ts). */
  clientIp: string;
  /**
   * The storefront's own server-to-server call (its sync, refetches, forms: platform/http/storefront-call.ts),
   * never a visitor's request through its `/api/*` proxy.
   */
  fromStorefront: boolean;
}

export interface AppEnv {
  /** Set by @hono/node-server; absent when the app is called in process (tests). */
  Bindings: Partial<HttpBindings>;
  Variables: AppVariables;
}

/**
 * Routes scoped to a store view also see the resolved store: domains/stores/store-view.ts's StoreView,
 * spelled from its table so the request context imports no domain (that import closed a type cycle).
 */
export interface StoreEnv {
  Bindings: Partial<HttpBindings>;
  Variables: AppVariables & { store: typeof stores.$inferSelect };
}
