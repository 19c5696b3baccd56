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
