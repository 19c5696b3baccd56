import { describe, expect, it } from 'vitest';
import { renderLlmsTxt } from './llms-txt.ts';
import { category, parseLlmsTxt, storeConfig } from './test-support.ts';

describe('renderLlmsTxt', () => {
  const text = renderLlmsTxt({
    origin: 'https://au.shop.example',
    config: storeConfig,
    categories: [category(1, { name: 'Tents & [Shelters]', description: '<p>Sleep <b>well</b>.</p>' }), category(2, { urlPath: 'packs/day' })],
    footerLinks: [{ title: 'About us', href: '/about-us' }],
  });
  const parsed = parseLlmsTxt(text);

  it('has the H1 store name and the blockquote summary', () => {
    expect(parsed.title).toBe('Demo \\[Shop\\]');
    expect(parsed.summary).toBe('Everything for the **outdoors**.');
  });

  it('lists categories, pages and the agent section with absolute links on the store origin', () => {
    expect([...parsed.sections.keys()]).toEqual(['Categories', 'Pages', 'For agents']);
    expect(parsed.sections.get('Categories')).toEqual([
      { name: 'Tents & [Shelters]', url: 'https://au.shop.example/c1', notes: 'Sleep **well**.' },
      { name: 'Category 2', url: 'https://au.shop.example/packs/day', notes: '' },
    ]);
    expect(parsed.sections.get('Pages')).toEqual([{ name: 'About us', url: 'https://au.shop.example/about-us', notes: '' }]);
    const agents = parsed.sections.get('For agents')?.map((entry) => entry.url);
    expect(agents).toEqual([
      'https://au.shop.example/sitemap.xml',
      'https://au.shop.example/robots.txt',
      'https://au.shop.example/index.md',
      'https://au.shop.example/api/docs.json',
      'https://au.shop.example/api/docs',
      'https://au.shop.example/.well-known/api-catalog',
      'https://au.shop.example/.well-known/oauth-authorization-server',
      'https://au.shop.example/.well-known/mcp/server-card.json',
    ]);
  });

  it('names the MCP server and the UCP profile when agent commerce is on', () => {
    const on = parseLlmsTxt(renderLlmsTxt({ origin: 'https://au.shop.example', config: storeConfig, categories: [], footerLinks: [], agentCommerce: true }));
    expect(on.sections.get('For agents')?.map((entry) => entry.url)).toEqual(
      expect.arrayContaining(['https://au.shop.example/mcp', 'https://au.shop.example/.well-known/ucp']),
    );
  });
});
