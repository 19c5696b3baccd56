/**
 * OAuth 2.0 authorization server metadata (RFC 8414) with exactly the fields of SPEC.md
 * Authentication 3: a direct-grant server (no authorization endpoint, no PKCE) whose token and
 * revocation routes are the backend's, reached through the storefront's `/api/*` proxy. Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { absoluteUrl } from './public-origin.ts';

export interface OAuthMetadata {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint: string;
  grant_types_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  response_types_supported: string[];
  scopes_supported: string[];
  token_endpoint_auth_signing_alg_values_supported: string[];
  service_documentation: string;
}

/** `origin` is the store's public origin; the issuer is that origin without a trailing slash. */
export function oauthMetadata(origin: string): OAuthMetadata {
  return {
    issuer: origin,
    token_endpoint: absoluteUrl(origin, AGENT_PATHS.token),
    revocation_endpoint: absoluteUrl(origin, AGENT_PATHS.revocation),
    grant_types_supported: ['password', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    response_types_supported: ['token'],
    scopes_supported: ['customer', 'admin', 'api_user'],
    token_endpoint_auth_signing_alg_values_supported: ['HS256'],
    service_documentation: absoluteUrl(origin, AGENT_PATHS.apiCatalog),
  };
}
