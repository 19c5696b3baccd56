import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../content/schemas.ts';
import { loadBlogIndex, newestFirst, publishedLabel } from './blog-pages.ts';

const post = (identifier: string, publishedAt = '2026-01-01 00:00:00'): BlogPost => ({
  id: 1, identifier, title: identifier, excerpt: '', content: '', author: 'Editor', publishedAt, featuredImageUrl: null, tags: [],
  updatedAt: '2026-01-01 00:00:00',
});

describe('blog pages', () => {
  it('orders posts newest first, ties by identifier', () => {
    const posts = [post('a', '2025-03-01 10:00:00'), post('b', '2026-02-01 10:00:00'), post('d'), post('c')];
    expect(newestFirst(posts).map((p) => p.identifier)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('reads every listed post of the store', async () => {
    const kv = {
      list: () => Promise.resolve({ keys: [{ name: 'default:blog:a' }, { name: 'default:blog:gone' }], list_complete: true, cacheStatus: null }),
    } as unknown as Pick<KVNamespace, 'list'>;
    const content = { store: 'default', blogPost: (id: string) => Promise.resolve(id === 'a' ? post('a') : null) };
    expect((await loadBlogIndex(kv, content)).map((p) => p.identifier)).toEqual(['a']);
  });

  it('formats the publication date in the store language', () => {
    expect(publishedLabel(post('a', '2026-01-15 09:30:00'), 'en-US')).toBe('January 15, 2026');
  });
});
