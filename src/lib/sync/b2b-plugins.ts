/**
 * B2B module discovery at sync time (SPEC.md "B2B integration contract", storefront wiring): each
 * known module's discovery endpoint is probed; a module that answers 200 is registered in the store
 * config as a manifest `{code, script?, config}` under `extensions.b2bPlugins`, one that answers 404
 * is not installed and leaves no trace. Any other answer fails the sync (BackendError).
 */
import { z } from 'zod';
import { loginWallSchema, type B2bPluginManifest, type StoreConfig } from '../content/schemas.ts';

/** What a discovery answer may say about the module's optional client script (`/plugins/{module}.js`). */
const scriptField = z.object({ script: z.string().min(1).optional() });

/** SPEC.md "B2B discovery config (`b2b/access/config` response)". */
export const accessDiscoverySchema = scriptField.extend({
  enabled: z.boolean(),
  hidePrice: z.boolean(),
  blockPurchase: z.boolean(),
  requireLogin: z.boolean(),
  loginMessage: z.string(),
  hiddenPriceMessage: z.string(),
  activationMatrix: z.object({
    byCustomerGroup: z.boolean(),
    customerGroups: z.array(z.number().int()),
    byCategory: z.boolean(),
    categoryIds: z.array(z.number().int()),
  }),
  /** DECISIONS.md 27: the wall with storefront paths; optional so an older module still registers. */
  loginWall: loginWallSchema.optional(),
  /** DECISIONS.md 48: an active rule names countries, so signed-in views are cached per group and country. */
  variesByCountry: z.boolean().default(false),
});

/** DECISIONS.md 44: the other modules' discovery answers. */
export const approvalDiscoverySchema = scriptField.extend({
  enabled: z.boolean(),
  requireApprovalForNewRegistrations: z.boolean(),
  blockedLoginMessage: z.string(),
});

export const formsDiscoverySchema = scriptField.extend({
  enabled: z.boolean(),
  headlessApi: z.boolean(),
  honeypot: z.boolean(),
  minFillSeconds: z.number().int().min(0),
  captcha: z.object({ provider: z.enum(['none', 'turnstile', 'hcaptcha', 'recaptcha']), siteKey: z.string() }).nullable(),
});

export const registrationDiscoverySchema = scriptField.extend({
  enabled: z.boolean(),
  formCodes: z.array(z.string()),
  applyPath: z.string().startsWith('/'),
});

/** A manifest that keeps the whole discovery answer as its config (all of it is storefront-relevant). */
function wholeAnswer<T extends z.ZodObject>(code: string, schema: T): B2bModule {
  return {
    code,
    manifest: schema.transform(({ script, ...config }) => ({ code, ...(typeof script === 'string' ? { script } : {}), config })),
  };
}

/** The pricing module's settings are not specified yet: any object, kept as the module sends it. */
const genericDiscoverySchema = scriptField.catchall(z.unknown());

export interface B2bModule {
  /** Path segment of `/api/rest/v2/b2b/{code}/config`, and the manifest's `code`. */
  code: string;
  /** Validates the discovery answer and turns it into the manifest, keeping what templates need. */
  manifest: z.ZodType<B2bPluginManifest>;
}

export const B2B_MODULES: readonly B2bModule[] = [
  {
    code: 'access',
    // The templates' messages, plus what the login wall needs (lib/catalog/b2b-manifests.ts).
    manifest: accessDiscoverySchema.transform(({ script, enabled, hiddenPriceMessage, loginMessage, loginWall, variesByCountry }) => ({
      code: 'access',
      ...(script ? { script } : {}),
      config: { enabled, hiddenPriceMessage, loginMessage, ...(loginWall ? { loginWall } : {}), variesByCountry },
    })),
  },
  wholeAnswer('approval', approvalDiscoverySchema),
  wholeAnswer('forms', formsDiscoverySchema),
  wholeAnswer('registration', registrationDiscoverySchema),
  {
    code: 'pricing',
    manifest: genericDiscoverySchema.transform(({ script, ...config }) => ({
      code: 'pricing',
      ...(script ? { script } : {}),
      config,
    })),
  },
];

/**
 * The store config with the discovered manifests appended to `extensions.b2bPlugins`. Entries the
 * backend already put there are kept unless a probed module of the same code replaces them.
 */
export function withB2bPlugins(config: StoreConfig, manifests: B2bPluginManifest[]): StoreConfig {
  const probed = new Set(manifests.map((manifest) => manifest.code));
  const existing = z.array(z.object({ code: z.string() }).loose()).safeParse(config.extensions.b2bPlugins);
  const kept = existing.success ? existing.data.filter((entry) => !probed.has(entry.code)) : [];
  return { ...config, extensions: { ...config.extensions, b2bPlugins: [...kept, ...manifests] } };
}
