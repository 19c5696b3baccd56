import { describe, expect, it } from 'vitest';
import { mcpServerCard, mcpUnavailable } from './mcp-card.ts';

describe('mcpServerCard', () => {
  it('announces a planned server with its endpoint, transport and tools', () => {
    const card = mcpServerCard({ origin: 'https://shop.example', storeName: 'Demo Shop' });
    expect(card).toMatchObject({
      status: 'planned',
      endpoint: 'https://shop.example/mcp',
      transport: { type: 'streamable-http', url: 'https://shop.example/mcp' },
    });
    expect(card.tools.map((tool) => tool.name)).toContain('search_products');
  });

  it('with agent commerce on, says available and lists the UCP tools with the RFC 9728 metadata', () => {
    const card = mcpServerCard({ origin: 'https://shop.example', storeName: 'Demo Shop', available: true });
    expect(card).toMatchObject({
      status: 'available',
      endpoint: 'https://shop.example/mcp',
      authorization: { protectedResource: 'https://shop.example/.well-known/oauth-protected-resource' },
      ucpProfile: 'https://shop.example/.well-known/ucp',
    });
    expect(card.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['search_catalog', 'get_product', 'create_checkout', 'complete_checkout', 'get_order']));
  });
});

describe('mcpUnavailable', () => {
  it('is the structured coming-soon payload of DECISIONS.md 12', () => {
    expect(mcpUnavailable('https://shop.example')).toEqual({
      error: 'mcp_not_available',
      status: 'planned',
      message: expect.any(String),
      serverCard: 'https://shop.example/.well-known/mcp/server-card.json',
    });
  });
});
