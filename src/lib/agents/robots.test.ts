import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { CONTENT_SIGNAL, DISALLOWED_PATHS, renderRobotsTxt, TRAINING_CRAWLERS } from './robots.ts';

const origin = 'https://shop.example';
const text = renderRobotsTxt({ sitemapUrl: `${origin}/sitemap.xml` });
const robots = robotsParser(`${origin}/robots.txt`, text);

describe('renderRobotsTxt, read by robots-parser', () => {
  it('lets search and answer crawlers fetch catalog pages, but not personal or internal routes', () => {
    for (const agent of ['Googlebot', 'Bingbot', 'OAI-SearchBot', 'PerplexityBot', 'ClaudeBot']) {
      for (const path of ['/', '/women/tops', '/blue-tee', '/about-us', '/blue-tee.md', '/llms.txt', '/cartoons', '/cart-accessories', '/accounting-books']) {
        expect(robots.isAllowed(`${origin}${path}`, agent), `${agent} ${path}`).toBe(true);
      }
      for (const path of ['/checkout/step-1', '/account/orders', '/cart/', '/cart', '/checkout', '/account', '/dev/x', '/sync/products', '/cache/purge', '/admin/']) {
        expect(robots.isDisallowed(`${origin}${path}`, agent), `${agent} ${path}`).toBe(true);
      }
    }
  });

  it('shuts the two bulk-training crawlers out of everything', () => {
    expect(TRAINING_CRAWLERS).toEqual(['CCBot', 'meta-externalagent']);
    for (const agent of [...TRAINING_CRAWLERS, 'CCBot/2.0 (https://commoncrawl.org/faq/)']) {
      for (const path of ['/', '/women/tops', '/llms.txt']) expect(robots.isDisallowed(`${origin}${path}`, agent), `${agent} ${path}`).toBe(true);
    }
  });

  it('names the absolute sitemap of the store', () => {
    expect(robots.getSitemaps()).toEqual([`${origin}/sitemap.xml`]);
  });

  it('carries the content signal and the Article 4 reservation lines', () => {
    const lines = text.split('\n');
    expect(lines).toContain(`Content-Signal: ${CONTENT_SIGNAL}`);
    expect(CONTENT_SIGNAL).toBe('search=yes, ai-input=yes, ai-train=no');
    expect(lines.some((line) => line.startsWith('#') && line.includes('Article 4 of Directive (EU) 2019/790'))).toBe(true);
    for (const path of DISALLOWED_PATHS) expect(lines).toContain(`Disallow: ${path}`);
  });
});
