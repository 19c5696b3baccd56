/**
 * The backend's storefront connector configuration (admin page Stores > Storefront), as a deploy
 * reads it: `GET {BACKEND_API_URL}/api/rest/v2/admin/storefront-connector/config` with an admin
 * token. Secrets (API token, sync secret) come back masked, so only the plain settings are used:
 * the account, zone and KV namespace ids and the storefront URL.
 */
import { z } from 'zod';

const blankIsUnset = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const connectorConfigSchema = z.object({
  accountId: blankIsUnset,
  zoneId: blankIsUnset,
  kvNamespaceId: blankIsUnset,
  storefrontUrl: blankIsUnset,
});

export type ConnectorSettings = Partial<z.infer<typeof connectorConfigSchema>>;

export async function readConnectorSettings(backendUrl: string, adminToken: string): Promise<ConnectorSettings> {
  const url = `${backendUrl.replace(/\/+$/, '')}/api/rest/v2/admin/storefront-connector/config`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${adminToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`reading the storefront connector's configuration from ${url} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const text = await response.text();
  if (response.status === 404) throw new Error(`${url} answered 404: the backend does not load the storefront-connector module.`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  const parsed = connectorConfigSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${url} answered an unexpected body: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
