import type { Context } from 'hono';
import { auth as parseBasicAuth } from 'hono/utils/basic-auth';
import type { AppEnv } from '../http/context.ts';
import { authenticateApiClient } from './api-clients.ts';
import { oauthError } from './oauth-error.ts';

/** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64, so "+" and "%xx" must be decoded. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch (cause) {
    throw oauthError('invalid_client', `Client credentials are not properly encoded (${String(cause)}).`);
  }
}

/**
 * The API client of a token request: client_secret_basic or client_secret_post (not both, §2.3).
 * Undefined when the request carries no client credentials at all, or, where public clients are
 * allowed (customer grants from a storefront or app), only a client_id without a secret.
 */
export async function authenticatedClient(
  c: Context<AppEnv>,
  body: { client_id?: string; client_secret?: string },
  options: { publicAllowed: boolean },
): Promise<string | undefined> {
  const basic = c.req.header('authorization')?.toLowerCase().startsWith('basic ') ? parseBasicAuth(c.req.raw) : undefined;
  if (c.req.header('authorization')?.toLowerCase().startsWith('basic ') && !basic) throw oauthError('invalid_client', 'Malformed HTTP Basic credentials.');
  if (basic && (body.client_id || body.client_secret)) throw oauthError('invalid_request', 'Use one client authentication method, not two.');
  const clientId = basic ? formDecode(basic.username) : body.client_id;
  const secret = basic ? formDecode(basic.password) : body.client_secret;
  if (clientId === undefined && secret === undefined) return undefined;
  if (options.publicAllowed && !basic && secret === undefined) return undefined;
  if (!clientId || !secret || !(await authenticateApiClient(c.var.db, clientId, secret))) {
    throw oauthError('invalid_client', 'Unknown client or wrong client secret.');
  }
  return clientId;
}
