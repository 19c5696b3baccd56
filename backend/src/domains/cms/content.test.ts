import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPostSchema } from '../../../../contracts/blog-post.ts';
import { cmsPageSchema } from '../../../../contracts/cms-page.ts';
import { listOf, pageOf } from '../../../../contracts/collections.ts';
import { countrySchema } from '../../../../contracts/country.ts';
import { exactly } from '../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe.each(dialects)('CMS pages, blog posts and countries (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it('lists the CMS pages and finds one by identifier', async () => {
    const all = exactly(pageOf(cmsPageSchema), (await shop.get('/api/rest/v2/cms-pages')).body);
    expect(all.member.map((p) => p.identifier)).toEqual(['home', 'about-us', 'customer-service', 'privacy-policy', 'no-route']);
    const about = exactly(pageOf(cmsPageSchema), (await shop.get('/api/rest/v2/cms-pages?identifier=about-us')).body);
    expect(about.totalItems).toBe(1);
    expect(about.member[0]?.content).toContain('<p>');
    const none = exactly(pageOf(cmsPageSchema), (await shop.get('/api/rest/v2/cms-pages?identifier=nope')).body);
    expect(none).toMatchObject({ member: [], totalItems: 0 });
  });

  it('lists five blog posts, newest first, with featured images', async () => {
    const { status, headers, body } = await shop.get('/api/rest/v2/blog-posts');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const posts = exactly(pageOf(blogPostSchema), body);
    expect(posts.totalItems).toBe(5);
    const published = posts.member.map((p) => p.publishedAt);
    expect(published).toEqual([...published].sort().reverse());
    const image = await shop.app.request(posts.member[0]?.featuredImageUrl ?? '');
    expect(image.status).toBe(200);
    const paged = exactly(pageOf(blogPostSchema), (await shop.get('/api/rest/v2/blog-posts?itemsPerPage=2&page=3')).body);
    expect(paged.member).toHaveLength(1);
  });

  it("returns the store's allowed countries with regions", async () => {
    const us = exactly(listOf(countrySchema), (await shop.get('/api/rest/v2/countries')).body);
    expect(us.member.map((c) => c.id).sort()).toEqual(['AU', 'CA', 'DE', 'FR', 'GB', 'NZ', 'US']);
    const states = us.member.find((c) => c.id === 'US')?.regions ?? [];
    expect(states.length).toBe(51);
    expect(states.find((r) => r.code === 'CA')?.name).toBe('California');
    expect(us.member.find((c) => c.id === 'CA')?.regions).toHaveLength(13);

    const au = exactly(listOf(countrySchema), (await shop.get('/api/rest/v2/countries?store=au')).body);
    expect(au.member.map((c) => c.id)).toEqual(['AU', 'NZ']);
    expect(au.member[0]?.regions.map((r) => r.code)).toContain('NSW');
  });
});
