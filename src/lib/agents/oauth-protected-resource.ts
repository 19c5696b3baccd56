/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) of the MCP server (DECISIONS.md 59): the resource
 * is `{base_url}/mcp`, its authorization server the store's origin (whose RFC 8414 metadata is
 * `oauth-metadata.ts`), tokens travel in the `Authorization` header only. A tool that needs a
 * customer answers 401 with a `WWW-Authenticate` challenge pointing here (RFC 9728 section 5.1). Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { absoluteUrl } from './public-origin.ts';

export function protectedResourceMetadata(origin: string) {
  return {
    resource: absoluteUrl(origin, AGENT_PATHS.mcp),
    authorization_servers: [origin],
    bearer_methods_supported: ['header'],
    scopes_supported: ['customer'],
    resource_name: 'Shopping tools (MCP, Universal Commerce Protocol)',
    resource_documentation: absoluteUrl(origin, AGENT_PATHS.apiCatalog),
  };
}

/** The challenge of a 401 from `/mcp` (RFC 6750 section 3 with RFC 9728's `resource_metadata`). */
export function bearerChallenge(origin: string): string {
  return `Bearer resource_metadata="${absoluteUrl(origin, AGENT_PATHS.protectedResource)}"`;
}
