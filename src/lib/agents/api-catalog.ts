/**
 * The API catalog (RFC 9727): a linkset (RFC 9264) with one context, the catalog itself, and the
 * links of SPEC.md. `catalogLinkHeader` serialises the same links for HEAD requests (RFC 8288). Pure.
 */
import { AGENT_PATHS } from './agent-paths.ts';
import { absoluteUrl } from './public-origin.ts';

/** RFC 9727 section 4.2: the linkset media type with the api-catalog profile. */
export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

export interface LinkTarget {
  href: string;
  type: string;
  title?: string;
}

export interface ApiCatalog {
  linkset: Array<{ anchor: string } & Record<string, string | LinkTarget[]>>;
}

/** The catalog's relations in order, each with one target. */
function catalogLinks(origin: string, agentCommerce: boolean): Array<[relation: string, target: LinkTarget]> {
  const at = (path: string) => absoluteUrl(origin, path);
  const links: Array<[relation: string, target: LinkTarget]> = [
    ['service-desc', { href: at(AGENT_PATHS.openApi), type: 'application/vnd.oai.openapi+json', title: 'OpenAPI 3 description of the REST API v2' }],
    ['service-doc', { href: at(AGENT_PATHS.apiDocs), type: 'text/html', title: 'Interactive API documentation' }],
    ['status', { href: at(AGENT_PATHS.pulse), type: 'application/json', title: 'Storefront build and data version' }],
    ['authorization-server', { href: at(AGENT_PATHS.oauthMetadata), type: 'application/json', title: 'OAuth 2.0 authorization server metadata' }],
    ['mcp-server', { href: at(AGENT_PATHS.mcpCard), type: 'application/json', title: agentCommerce ? 'MCP server card' : 'MCP server card (planned)' }],
  ];
  if (!agentCommerce) return links;
  // DECISIONS.md 59: with agent commerce on, the MCP server itself, its protected-resource metadata
  // (RFC 9728) and UCP's business profile. Relation names: the IANA-registered `service-meta` for
  // the two metadata documents, and `service` for the server (RFC 8631 has no MCP relation).
  return [
    ...links,
    ['service', { href: at(AGENT_PATHS.mcp), type: 'application/json', title: 'MCP server (Streamable HTTP, UCP shopping tools)' }],
    ['service-meta', { href: at(AGENT_PATHS.ucpProfile), type: 'application/json', title: 'UCP business profile' }],
    ['service-meta', { href: at(AGENT_PATHS.protectedResource), type: 'application/json', title: 'OAuth 2.0 protected resource metadata of the MCP server (RFC 9728)' }],
  ];
}

export function apiCatalog(origin: string, agentCommerce = false): ApiCatalog {
  const entry: Record<string, LinkTarget[]> = {};
  for (const [relation, target] of catalogLinks(origin, agentCommerce)) (entry[relation] ??= []).push(target);
  return { linkset: [{ anchor: absoluteUrl(origin, AGENT_PATHS.apiCatalog), ...entry }] };
}

/** Quoted-string of RFC 9110: backslash-escape quotes and backslashes. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** The catalog's links as Link header values (for HEAD, RFC 9727 section 3). */
export function catalogLinkHeaders(origin: string, agentCommerce = false): string[] {
  return catalogLinks(origin, agentCommerce).map(([relation, target]) =>
    [`<${target.href}>`, `rel=${quoted(relation)}`, `type=${quoted(target.type)}`, ...(target.title ? [`title=${quoted(target.title)}`] : [])].join('; '),
  );
}
