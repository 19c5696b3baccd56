import { describe, expect, it } from 'vitest';
import type { CategoryNode, CmsPage, Product } from '../content/schemas.ts';
import { canonicalPath, isPathVariant, pathToSlug, resolvePath } from './resolve-path.ts';

const category = (id: number, urlPath: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  parentId: null,
  name: urlPath,
  description: '',
  urlKey: urlPath.split('/').at(-1) ?? urlPath,
  urlPath,
  level: urlPath.split('/').length,
  position: 0,
  isActive: true,
  includeInMenu: true,
  productCount: 0,
  imageUrl: null,
  children,
  updatedAt: '2026-01-01 00:00:00',
});

const tree = [category(1, 'women', [category(2, 'women/tops')]), category(3, 'gear')];

const product = { id: 7, urlKey: 'blue-tee', name: 'Blue tee' } as Product;
const cms = (identifier: string, isActive = true) => ({ id: 1, identifier, title: identifier, content: '', isActive, updatedAt: '' }) as CmsPage;

function fakeStore(products: Record<string, Product>, pages: Record<string, CmsPage>) {
  const reads: string[] = [];
  return {
    reads,
    product: async (urlKey: string) => (reads.push(`product:${urlKey}`), products[urlKey] ?? null),
    cmsPage: async (identifier: string) => (reads.push(`cms:${identifier}`), pages[identifier] ?? null),
  };
}

describe('resolvePath', () => {
  it('resolves a category by urlPath first, without reading KV', async () => {
    const store = fakeStore({ gear: product }, { gear: cms('gear') });
    const resolved = await resolvePath(store, tree, '/women/tops');
    expect(resolved).toMatchObject({ kind: 'category', category: { id: 2 } });
    expect(resolved?.kind === 'category' && resolved.trail.map((c) => c.id)).toEqual([1, 2]);
    expect(await resolvePath(store, tree, '/gear/')).toMatchObject({ kind: 'category', category: { id: 3 } });
    expect(store.reads).toEqual([]);
  });
  it('then a product by urlKey, then a CMS page', async () => {
    const store = fakeStore({ 'blue-tee': product, 'about-us': product }, { 'about-us': cms('about-us'), faq: cms('faq') });
    expect(await resolvePath(store, tree, '/blue-tee')).toEqual({ kind: 'product', product });
    expect(await resolvePath(store, tree, '/about-us')).toMatchObject({ kind: 'product' });
    expect(await resolvePath(store, tree, '/faq')).toMatchObject({ kind: 'cms', page: { identifier: 'faq' } });
  });
  it('reads products only for single-segment paths; CMS identifiers may nest', async () => {
    const store = fakeStore({}, { 'help/returns': cms('help/returns') });
    expect(await resolvePath(store, tree, '/help/returns')).toMatchObject({ kind: 'cms' });
    expect(store.reads).toEqual(['cms:help/returns']);
  });
  it('never serves the home or no-route CMS pages, nor inactive ones', async () => {
    const store = fakeStore({}, { home: cms('home'), 'no-route': cms('no-route'), old: cms('old', false) });
    expect(await resolvePath(store, tree, '/home')).toBeNull();
    expect(await resolvePath(store, tree, '/no-route')).toBeNull();
    expect(await resolvePath(store, tree, '/old')).toBeNull();
  });
  it('matches letters without case when the exact path names nothing, and names the canonical path', async () => {
    const store = fakeStore({ 'blue-tee': product }, { faq: cms('faq') });
    const women = await resolvePath(store, tree, '/Women/TOPS/');
    expect(women).toMatchObject({ kind: 'category', category: { id: 2 } });
    expect(canonicalPath(women!)).toBe('/women/tops');
    expect(isPathVariant('/Women/TOPS/', '/women/tops')).toBe(true);
    expect(isPathVariant('/women/tops', '/women/tops')).toBe(false);
    expect(await resolvePath(store, tree, '/Blue-Tee')).toEqual({ kind: 'product', product });
    expect(await resolvePath(store, tree, '/FAQ')).toMatchObject({ kind: 'cms', page: { identifier: 'faq' } });
    expect(store.reads).toEqual(['product:Blue-Tee', 'cms:Blue-Tee', 'product:blue-tee', 'product:FAQ', 'cms:FAQ', 'product:faq', 'cms:faq']);
  });
  it('returns null for unknown paths', async () => {
    expect(await resolvePath(fakeStore({}, {}), tree, '/nothing/here')).toBeNull();
  });
});

describe('pathToSlug', () => {
  it('decodes and trims', () => {
    expect(pathToSlug('/women/tops/')).toBe('women/tops');
    expect(pathToSlug('/caf%C3%A9')).toBe('café');
  });
  it('rejects paths that cannot name content', () => {
    for (const path of ['/', '', '/%E0%A4%A', '/a//b', '/a/../b', '/a/./b', '/a%00b', `/${'x'.repeat(401)}`]) {
      expect(pathToSlug(path), path).toBeNull();
    }
  });
});
