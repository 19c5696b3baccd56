/** Where the agent-facing documents and the services they point to live (SPEC.md "Agent endpoints"). */
export const AGENT_PATHS = {
  llmsTxt: '/llms.txt',
  robotsTxt: '/robots.txt',
  sitemap: '/sitemap.xml',
  apiCatalog: '/.well-known/api-catalog',
  oauthMetadata: '/.well-known/oauth-authorization-server',
  mcpCard: '/.well-known/mcp/server-card.json',
  tdmrep: '/.well-known/tdmrep.json',
  mcp: '/mcp',
  /** RFC 9728 protected-resource metadata of `/mcp` and UCP's business profile (DECISIONS.md 59). */
  protectedResource: '/.well-known/oauth-protected-resource',
  ucpProfile: '/.well-known/ucp',
  homeMarkdown: '/index.md',
  /** The backend's OpenAPI document and docs page, reached through the `/api/*` proxy. */
  openApi: '/api/docs.json',
  apiDocs: '/api/docs',
  pulse: '/pulse',
  /** SPEC.md Authentication 2: the backend's token and revocation routes through the proxy. */
  token: '/api/auth/token',
  revocation: '/api/auth/logout',
} as const;

/** SPEC.md Limits: llms.txt, robots.txt, the sitemap and the discovery documents. */
export const AGENT_DOCUMENT_CACHE_CONTROL = 'public, max-age=3600';
