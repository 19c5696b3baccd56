/**
 * What the pages read of the B2B modules the sync registered in the store config
 * (`extensions.b2bPlugins`, written by lib/sync/b2b-plugins.ts): the access module's login wall
 * and messages, and whether trade registration is on. A manifest missing or malformed reads as the
 * module not installed: no wall, no apply link.
 */
import { z } from 'zod';
import { loginWallSchema, type LoginWall, type StoreConfig } from '../content/schemas.ts';

const accessManifestSchema = z.object({
  code: z.literal('access'),
  config: z.object({
    enabled: z.boolean().default(true),
    loginMessage: z.string().default(''),
    loginWall: loginWallSchema.optional(),
    variesByCountry: z.boolean().default(false),
  }),
});

const registrationManifestSchema = z.object({
  code: z.literal('registration'),
  config: z.object({ enabled: z.boolean(), applyPath: z.string().startsWith('/') }),
});

export const DEFAULT_LOGIN_PATH = '/login';

/** The part of the store config the manifests live in. */
export type StoreExtensions = Pick<StoreConfig, 'extensions'>;

function manifest<T>(config: StoreExtensions, code: string, schema: z.ZodType<T>): T | null {
  const list = config.extensions.b2bPlugins;
  if (!Array.isArray(list)) return null;
  const entry: unknown = list.find((item: unknown) => typeof item === 'object' && item !== null && 'code' in item && item.code === code);
  const parsed = schema.safeParse(entry);
  return parsed.success ? parsed.data : null;
}

/** What the pages need of the access module for guests. */
export interface AccessSettings {
  /** The store-wide wall, when the module covers every guest (DECISIONS.md 43); else null. */
  wall: LoginWall | null;
  /** The page a gated product sends a guest to: the wall's target, else the login page. */
  loginPath: string;
  /** Shown on the wall's target. */
  loginMessage: string;
  /** DECISIONS.md 48: a signed-in view depends on the customer's country (cache keys say it: cache/group-key.ts). */
  variesByCountry: boolean;
}

/**
 * Per config record: the login-wall step asks on every page request, and the memoized config
 * (isolate-memo.ts) is one object for many requests, so its manifest is validated once.
 */
const settingsOf = new WeakMap<StoreExtensions, AccessSettings>();

export function accessSettings(config: StoreExtensions): AccessSettings {
  const known = settingsOf.get(config);
  if (known) return known;
  const access = manifest(config, 'access', accessManifestSchema);
  const wall = access?.config.enabled ? (access.config.loginWall ?? null) : null;
  const settings = {
    wall: wall?.storeWide ? wall : null,
    loginPath: wall?.redirectTo ?? DEFAULT_LOGIN_PATH,
    loginMessage: access?.config.enabled ? access.config.loginMessage : '',
    variesByCountry: access?.config.enabled ? access.config.variesByCountry : false,
  };
  settingsOf.set(config, settings);
  return settings;
}

/** The trade-account application page, when B2B Registration is installed and on; else null. */
export function tradeApplyPath(config: StoreExtensions): string | null {
  const registration = manifest(config, 'registration', registrationManifestSchema);
  return registration?.config.enabled ? registration.config.applyPath : null;
}

/** `/login?returnTo=/the/page` (or the wall's CMS target): where a guest signs in and comes back from. */
export function signInHref(loginPath: string, returnTo: string): string {
  return `${loginPath}?${new URLSearchParams({ returnTo }).toString()}`;
}
