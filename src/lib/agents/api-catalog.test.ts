import { describe, expect, it } from 'vitest';
import { API_CATALOG_CONTENT_TYPE, apiCatalog, catalogLinkHeaders } from './api-catalog.ts';

describe('apiCatalog', () => {
  const catalog = apiCatalog('https://au.shop.example');

  it('is one linkset context anchored at the catalog, with the relations of SPEC.md', () => {
    expect(catalog.linkset).toHaveLength(1);
    const [entry] = catalog.linkset;
    expect(entry?.anchor).toBe('https://au.shop.example/.well-known/api-catalog');
    expect(Object.keys(entry ?? {})).toEqual(['anchor', 'service-desc', 'service-doc', 'status', 'authorization-server', 'mcp-server']);
    expect(entry?.['service-desc']).toEqual([
      { href: 'https://au.shop.example/api/docs.json', type: 'application/vnd.oai.openapi+json', title: expect.any(String) },
    ]);
    expect(entry?.['service-doc']).toMatchObject([{ href: 'https://au.shop.example/api/docs', type: 'text/html' }]);
    expect(entry?.status).toMatchObject([{ href: 'https://au.shop.example/pulse', type: 'application/json' }]);
    expect(entry?.['authorization-server']).toMatchObject([{ href: 'https://au.shop.example/.well-known/oauth-authorization-server' }]);
    expect(entry?.['mcp-server']).toMatchObject([{ href: 'https://au.shop.example/.well-known/mcp/server-card.json' }]);
  });

  it('with agent commerce on, also links the MCP server, the UCP profile and the RFC 9728 metadata', () => {
    const [entry] = apiCatalog('https://au.shop.example', true).linkset;
    expect(entry?.['mcp-server']).toMatchObject([{ title: 'MCP server card' }]);
    expect(entry?.service).toMatchObject([{ href: 'https://au.shop.example/mcp' }]);
    expect(entry?.['service-meta']).toMatchObject([{ href: 'https://au.shop.example/.well-known/ucp' }, { href: 'https://au.shop.example/.well-known/oauth-protected-resource' }]);
    expect(catalogLinkHeaders('https://au.shop.example', true)).toHaveLength(8);
  });

  it('names the RFC 9727 profile in its media type', () => {
    expect(API_CATALOG_CONTENT_TYPE).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
  });

  it('serialises the same links as Link header values for HEAD', () => {
    const headers = catalogLinkHeaders('https://au.shop.example');
    expect(headers).toHaveLength(5);
    expect(headers[0]).toBe(
      '<https://au.shop.example/api/docs.json>; rel="service-desc"; type="application/vnd.oai.openapi+json"; title="OpenAPI 3 description of the REST API v2"',
    );
  });
});
