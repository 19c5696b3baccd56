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
function catalogLinks(origin: string): Array<[relation: string, target: LinkTarget]> {
  const at = (path: string) => absoluteUrl(origin, path);
  return [
    ['service-desc', { href: at(AGENT_PATHS.openApi), type: 'application/vnd.oai.openapi+json', title: 'OpenAPI 3 description of the REST API v2' }],
    ['service-doc', { href: at(AGENT_PATHS.apiDocs), type: 'text/html', title: 'Interactive API documentation' }],
    ['status', { href: at(AGENT_PATHS.pulse), type: 'application/json', title: 'Storefront build and data version' }],
    ['authorization-server', { href: at(AGENT_PATHS.oauthMetadata), type: 'application/json', title: 'OAuth 2.0 authorization server metadata' }],
    ['mcp-server', { href: at(AGENT_PATHS.mcpCard), type: 'application/json', title: 'MCP server card (planned)' }],
  ];
}

export function apiCatalog(origin: string): ApiCatalog {
  const entry: ApiCatalog['linkset'][number] = { anchor: absoluteUrl(origin, AGENT_PATHS.apiCatalog) };
  for (const [relation, target] of catalogLinks(origin)) entry[relation] = [target];
  return { linkset: [entry] };
}

/** Quoted-string of RFC 9110: backslash-escape quotes and backslashes. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** The catalog's links as Link header values (for HEAD, RFC 9727 section 3). */
export function catalogLinkHeaders(origin: string): string[] {
  return catalogLinks(origin).map(([relation, target]) =>
    [`<${target.href}>`, `rel=${quoted(relation)}`, `type=${quoted(target.type)}`, ...(target.title ? [`title=${quoted(target.title)}`] : [])].join('; '),
  );
}
