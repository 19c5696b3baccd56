import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../core/db/database.ts';
import { AppError } from '../../core/errors.ts';
import { decryptSecret, encryptSecret, maskSecret, SecretDecryptionError } from './crypto.ts';
import type { ConnectorOptions } from './options.ts';
import { storefrontConnectorSettings } from './tables.ts';

/** A field left out counts as blank, as browsers send every field of the form anyway. */
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).default('');
/** Cloudflare account, zone and namespace ids are 32 hex digits. */
const cloudflareId = (label: string) => blankOr(z.string().regex(/^[0-9a-f]{32}$/i, `${label} is 32 hexadecimal characters.`));

function isCronExpression(pattern: string): boolean {
  try {
    // A paused job only parses the pattern; nothing is scheduled.
    new Cron(pattern, { paused: true }).stop();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/** The admin form (SPEC.md "Backend admin configuration (storefront section)") plus the schedule. */
export const SettingsForm = z.object({
  accountId: cloudflareId('Account ID'),
  /** Blank keeps the stored value; see clearApiToken. */
  apiToken: blankOr(z.string().regex(/^[\w-]{20,200}$/, 'API token / key looks wrong: letters, digits, "-" and "_", 20 to 200 characters.')),
  clearApiToken: z.enum(['1']).optional(),
  apiEmail: blankOr(z.email('API Email must be an email address.')),
  zoneId: cloudflareId('Zone ID'),
  storefrontUrl: blankOr(z.url({ protocol: /^https?$/, error: 'Storefront URL must be an http(s) URL.' }).transform((url) => url.replace(/\/+$/, ''))),
  storeCode: blankOr(z.string().regex(/^[a-z0-9_]{1,32}$/, 'Worker Store Code: lowercase letters, digits and "_".')),
  /** Blank keeps the stored value (or the SYNC_SECRET default). */
  syncSecret: blankOr(z.string().min(16, 'Sync Secret must be at least 16 characters.').max(256)),
  kvNamespaceId: cloudflareId('KV Namespace ID'),
  cronExpression: blankOr(z.string().max(100).refine(isCronExpression, 'Schedule is not a valid cron expression.')),
});
export type SettingsInput = z.input<typeof SettingsForm>;

/** Cloudflare API credentials: a token (preferred) or a legacy global key with its account email. */
export type CloudflareAuth = { token: string } | { email: string; key: string };

/** What the connector acts on: the saved configuration over the environment's defaults, secrets decrypted. */
export interface ConnectorConfig {
  storefrontUrl?: string;
  syncSecret?: string;
  storeCode: string;
  cronExpression: string;
  kvNamespaceId: string;
  /** Present only when account, credentials and zone are all configured. */
  cloudflare?: { accountId: string; zoneId: string; auth: CloudflareAuth };
}

type Row = typeof storefrontConnectorSettings.$inferSelect;

async function readRow(db: Db): Promise<Row | undefined> {
  const [row] = await db.select().from(storefrontConnectorSettings).where(eq(storefrontConnectorSettings.id, 1));
  return row;
}

function decrypt(options: ConnectorOptions, stored: string | null): string | undefined {
  if (stored === null) return undefined;
  if (!options.secretKey) throw new AppError('unavailable', 'encryption_key_missing', 'Set CONFIG_ENCRYPTION_KEY (or JWT_SECRET) to read the stored storefront secrets.');
  return decryptSecret(options.secretKey, stored);
}

export async function loadConfig(db: Db, options: ConnectorOptions): Promise<ConnectorConfig> {
  const row = await readRow(db);
  const apiToken = decrypt(options, row?.apiTokenEncrypted ?? null);
  const auth: CloudflareAuth | undefined = apiToken ? (row?.apiEmail ? { email: row.apiEmail, key: apiToken } : { token: apiToken }) : undefined;
  return {
    storefrontUrl: row?.storefrontUrl || options.defaults.storefrontUrl,
    syncSecret: decrypt(options, row?.syncSecretEncrypted ?? null) ?? options.defaults.syncSecret,
    storeCode: row?.storeCode ?? '',
    cronExpression: row?.cronExpression ?? '',
    kvNamespaceId: row?.kvNamespaceId ?? '',
    cloudflare: row?.accountId && row.zoneId && auth ? { accountId: row.accountId, zoneId: row.zoneId, auth } : undefined,
  };
}

/** The form as the admin sees it: plain fields as saved, secrets masked, defaults named. */
export interface SettingsView {
  values: Omit<Row, 'id' | 'apiTokenEncrypted' | 'syncSecretEncrypted' | 'updatedAt'>;
  apiTokenMasked: string;
  syncSecretMasked: string;
  syncSecretFromEnv: boolean;
  defaultStorefrontUrl?: string;
  canStoreSecrets: boolean;
}

export async function settingsView(db: Db, options: ConnectorOptions): Promise<SettingsView> {
  const row = await readRow(db);
  /** The page must still open when a secret cannot be read (key changed): it is where the admin enters it again. */
  const masked = (stored: string | null | undefined, fallback?: string) => {
    if (!stored) return maskSecret(fallback);
    try {
      return maskSecret(decrypt(options, stored));
    } catch (error) {
      if (error instanceof SecretDecryptionError || error instanceof AppError) return 'unreadable: enter it again';
      throw error;
    }
  };
  return {
    values: {
      accountId: row?.accountId ?? '',
      apiEmail: row?.apiEmail ?? '',
      zoneId: row?.zoneId ?? '',
      storefrontUrl: row?.storefrontUrl ?? '',
      storeCode: row?.storeCode ?? '',
      kvNamespaceId: row?.kvNamespaceId ?? '',
      cronExpression: row?.cronExpression ?? '',
    },
    apiTokenMasked: masked(row?.apiTokenEncrypted),
    syncSecretMasked: masked(row?.syncSecretEncrypted, options.defaults.syncSecret),
    syncSecretFromEnv: !row?.syncSecretEncrypted && options.defaults.syncSecret !== undefined,
    defaultStorefrontUrl: options.defaults.storefrontUrl,
    canStoreSecrets: options.secretKey !== undefined,
  };
}

/** Validates and stores the form; secrets are encrypted, and a blank secret field keeps the stored one. */
export async function saveSettings(db: Db, options: ConnectorOptions, input: Record<string, string>): Promise<void> {
  const parsed = SettingsForm.safeParse(input);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError('invalid', 'invalid_settings', first?.message ?? 'Check the form.', { field: first?.path.join('.') });
  }
  const { apiToken, clearApiToken, syncSecret, ...plain } = parsed.data;
  const key = options.secretKey;
  const seal = (secret: string) => {
    if (!key) throw new AppError('unavailable', 'encryption_key_missing', 'Secrets cannot be stored: set CONFIG_ENCRYPTION_KEY (or JWT_SECRET) in the backend environment.');
    return encryptSecret(key, secret);
  };
  const secrets = {
    ...(apiToken ? { apiTokenEncrypted: seal(apiToken) } : clearApiToken ? { apiTokenEncrypted: null } : {}),
    ...(syncSecret ? { syncSecretEncrypted: seal(syncSecret) } : {}),
  };
  const values = { ...plain, ...secrets, updatedAt: new Date() };
  await db.insert(storefrontConnectorSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: storefrontConnectorSettings.id, set: values });
}
