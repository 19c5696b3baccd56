import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';
import { isCronExpression } from '../../platform/modules/jobs.ts';
import type { ConnectorEnv } from './env.ts';

/** Blank is allowed everywhere: a blank field falls back to the environment's default or means "not used". */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).default('');
/** Cloudflare account, zone and namespace ids are 32 hex digits. */
const cloudflareId = (label: string) => field(blankOr(z.string().regex(/^[0-9a-f]{32}$/i, `${label} is 32 hexadecimal characters.`)), { label });

/** The full sync's schedule until the merchant sets another: hourly, on the hour. */
export const DEFAULT_SYNC_CRON = '0 * * * *';

/** SPEC.md "Backend admin configuration (storefront section)" plus the schedule of full syncs. */
export const ConnectorConfigSchema = z.object({
  storefrontUrl: field(blankOr(z.url({ protocol: /^https?$/, error: 'Storefront URL must be an http(s) URL.' }).transform((url) => url.replace(/\/+$/, ''))), {
    label: 'Storefront URL',
    help: 'The deployed worker URL; blank: STOREFRONT_URL.',
  }),
  // Bound to the URL it was saved with: a new Storefront URL needs the secret typed again (DECISIONS.md 57).
  syncSecret: field(blankOr(z.string().min(16, 'Sync Secret must be at least 16 characters.').max(256)), {
    label: 'Sync Secret',
    secret: true,
    boundTo: 'storefrontUrl',
    help: 'Blank: SYNC_SECRET, which is sent only to STOREFRONT_URL. Changing the Storefront URL needs the secret again.',
  }),
  storeCode: field(blankOr(z.string().regex(/^[a-z0-9_]{1,32}$/, 'Worker Store Code: lowercase letters, digits and "_".')), {
    label: 'Worker Store Code',
    help: 'The store view this worker serves; blank: the default store only (SPEC.md).',
  }),
  // Hourly unless the merchant says otherwise (DECISIONS.md 52): a page key that expired is restored
  // for good by the next full sync, and a sync that finds nothing changed writes nothing.
  cronExpression: field(z.union([z.literal(''), z.string().max(100).refine(isCronExpression, 'Schedule is not a valid cron expression.')]).default(DEFAULT_SYNC_CRON), {
    label: 'Schedule (cron)',
    help: `A full sync on this schedule; "${DEFAULT_SYNC_CRON}" (hourly) by default; blank: none.`,
  }),
  accountId: cloudflareId('Account ID'),
  apiToken: field(blankOr(z.string().regex(/^[\w-]{20,200}$/, 'API token / key looks wrong: letters, digits, "-" and "_", 20 to 200 characters.')), {
    label: 'API Token / Key',
    secret: true,
    help: 'Token preferred: Workers Scripts edit, KV Storage edit, Cache Purge, Zone read.',
  }),
  apiEmail: field(blankOr(z.email('API Email must be an email address.')), { label: 'API Email', help: 'Only with a legacy global key.' }),
  zoneId: cloudflareId('Zone ID'),
  kvNamespaceId: cloudflareId('KV Namespace ID'),
});
export type ConnectorSettings = z.infer<typeof ConnectorConfigSchema>;

/** Cloudflare API credentials: a token (preferred) or a legacy global key with its account email. */
export type CloudflareAuth = { token: string } | { email: string; key: string };

/** What the connector acts on: the saved configuration over the environment's defaults. */
export interface ConnectorTarget {
  storefrontUrl?: string;
  syncSecret?: string;
  storeCode: string;
  /** Present only when account, credentials and zone are all configured. */
  cloudflare?: { accountId: string; zoneId: string; auth: CloudflareAuth };
}

/**
 * The environment's SYNC_SECRET goes only to the environment's STOREFRONT_URL (DECISIONS.md 57): an
 * admin who points the connector elsewhere must save a Sync Secret for that URL, so a hijacked admin
 * session cannot post the deployment's secret to a host of its choosing.
 */
function environmentSecretFor(storefrontUrl: string | undefined, env: ConnectorEnv): string | undefined {
  return storefrontUrl !== undefined && env.storefrontUrl !== undefined && new URL(storefrontUrl).href === new URL(env.storefrontUrl).href ? env.syncSecret : undefined;
}

export function connectorTarget(settings: ConnectorSettings, env: ConnectorEnv): ConnectorTarget {
  const auth: CloudflareAuth | undefined = settings.apiToken ? (settings.apiEmail ? { email: settings.apiEmail, key: settings.apiToken } : { token: settings.apiToken }) : undefined;
  const storefrontUrl = settings.storefrontUrl || env.storefrontUrl;
  return {
    storefrontUrl,
    syncSecret: settings.syncSecret || environmentSecretFor(storefrontUrl, env),
    storeCode: settings.storeCode,
    cloudflare: settings.accountId && settings.zoneId && auth ? { accountId: settings.accountId, zoneId: settings.zoneId, auth } : undefined,
  };
}
