import { describe, expect, it } from 'vitest';
import { BackendError } from '../backend-client.ts';
import type { BackendClient } from '../backend-client.ts';
import type { CategoryNode, CmsPage, Product } from '../content/schemas.ts';
import { targetForKey, targetForPath } from './freshness-target.ts';
import { revalidate } from './revalidate.ts';

const product = { id: 7, urlKey: 'blue-tee', type: 'simple', name: 'Blue tee', updatedAt: '2026-11-01 10:00:00', categoryIds: [3] } as unknown as Product;
const page = { id: 1, identifier: 'help/faq', title: 'FAQ', content: '', updatedAt: '2026-11-01 10:00:00' } as CmsPage;
const category = { id: 3, urlPath: 'gear', isActive: true, children: [] } as unknown as CategoryNode;

const content = {
  store: 'default',
  product: async (urlKey: string) => (urlKey === product.urlKey ? product : null),
  cmsPage: async (identifier: string) => (identifier === page.identifier ? page : null),
  blogPost: async () => null,
  categories: async () => [category],
  listingPage: async () => null,
};
type Backend = Pick<BackendClient, 'product' | 'cmsPage' | 'blogPost' | 'categories'>;
const backend = (overrides: Partial<Backend> = {}): Backend => ({
  product: async () => product,
  cmsPage: async () => page,
  blogPost: async () => null,
  categories: async () => [category],
  ...overrides,
});

describe('freshness targets', () => {
  it('resolves a page path to the record it shows', async () => {
    expect(await targetForPath(content, '/blue-tee')).toEqual({ kind: 'product', store: 'default', key: 'default:product:blue-tee', urlKey: 'blue-tee' });
    expect(await targetForPath(content, '/gear')).toEqual({ kind: 'categories', store: 'default', key: 'default:categories' });
    expect(await targetForPath(content, '/help/faq')).toMatchObject({ kind: 'cms', key: 'default:cms:help/faq' });
    expect(await targetForPath(content, '/nothing')).toBeNull();
  });

  it('accepts only keys of records the backend serves one by one', () => {
    expect(targetForKey('au:blog:spring')).toEqual({ kind: 'blog', store: 'au', key: 'au:blog:spring', identifier: 'spring' });
    for (const key of ['au:config', 'au:countries', 'pulse', 'default:products:category:1:page:1', 'nonsense']) {
      expect(targetForKey(key)).toBeNull();
    }
  });
});

describe('revalidate', () => {
  const target = { kind: 'product', store: 'default', key: 'default:product:blue-tee', urlKey: 'blue-tee' } as const;

  it('reports no change when the backend sends the same record', async () => {
    expect(await revalidate(target, content, backend())).toEqual({ changed: false });
  });

  it('returns the changed record, how to write it and the page to purge', async () => {
    const renamed = { ...product, name: 'Navy tee' };
    expect(await revalidate(target, content, backend({ product: async () => renamed }))).toEqual({
      changed: true,
      fresh: renamed,
      write: { ttl: undefined, updatedAt: product.updatedAt },
      listings: [],
      pages: ['/blue-tee'],
    });
    const configurable = { ...product, type: 'configurable' as const };
    expect(await revalidate(target, content, backend({ product: async () => configurable }))).toMatchObject({
      write: { ttl: 86400 },
    });
  });

  it('deletes a record the backend no longer has, and fails on other backend errors', async () => {
    const gone = backend({ product: async () => Promise.reject(new BackendError('/products/7', 'HTTP 404', 404)) });
    expect(await revalidate(target, content, gone)).toMatchObject({ changed: true, fresh: null });
    const down = backend({ product: async () => Promise.reject(new BackendError('/products/7', 'HTTP 503', 503)) });
    await expect(revalidate(target, content, down)).rejects.toThrow('HTTP 503');
  });

  it('purges the CMS page and, for the category tree, the home and category pages', async () => {
    const cmsTarget = { kind: 'cms', store: 'default', key: 'default:cms:help/faq', identifier: 'help/faq' } as const;
    expect(await revalidate(cmsTarget, content, backend({ cmsPage: async () => ({ ...page, title: 'Help' }) }))).toMatchObject({
      pages: ['/help/faq'],
    });
    const treeTarget = { kind: 'categories', store: 'default', key: 'default:categories' } as const;
    const renamed = [{ ...category, urlPath: 'outdoor-gear' }];
    expect(await revalidate(treeTarget, content, backend({ categories: async () => renamed }))).toMatchObject({
      pages: ['/', '/gear', '/outdoor-gear'],
    });
  });

  it('is null for a record that is not in KV', async () => {
    expect(await revalidate({ ...target, urlKey: 'missing' }, content, backend())).toBeNull();
  });
});
