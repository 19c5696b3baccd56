import { describe, expect, it } from 'vitest';
import { isGateExempt, safeNextPath } from './gate-policy.ts';

describe('isGateExempt', () => {
  it.each([
    '/.well-known/api-catalog',
    '/.well-known/mcp/server-card.json',
    '/llms.txt',
    '/mcp',
    '/sitemap.xml',
    '/robots.txt',
    '/embed.js',
    '/embed/products',
    '/embed-demo',
    '/api/cart',
    '/api/docs.json',
    '/sync',
    '/sync/products',
    '/cache/purge',
    '/freshness',
    '/pulse',
    '/preview-login',
    '/_astro/index.css',
  ])('lets %s through', (path) => {
    expect(isGateExempt(path)).toBe(true);
  });

  it.each(['/', '/women', '/apiary', '/blue-tee', '/media/catalog/a.svg', '/llms.txt.bak', '/.well-known'])('gates %s', (path) => {
    expect(isGateExempt(path)).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps a local path and refuses anything that leaves the site', () => {
    expect(safeNextPath('/women?page=2')).toBe('/women?page=2');
    for (const value of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/a\nb', '/preview-login']) {
      expect(safeNextPath(value)).toBe('/');
    }
  });
});
