import { describe, expect, it } from 'vitest';
import { pathTag, purgeCacheUrl, purgeTagBodies } from './cache-tags.ts';

describe('cache tags', () => {
  it('tags a path by the sha1 of its pathname, whatever query or encoding names it', async () => {
    const { createHash } = await import('node:crypto');
    expect(await pathTag('/gear')).toBe(`p-${createHash('sha1').update('/gear').digest('hex').slice(0, 16)}`);
    expect(await pathTag('/gear?page=2')).toBe(await pathTag('/gear'));
    expect(await pathTag('/café')).toBe(await pathTag('/caf%C3%A9'));
    expect(await pathTag('/other')).not.toBe(await pathTag('/gear'));
  });

  it('sends distinct tags, 30 a call, to the zone purge endpoint', () => {
    const tags = Array.from({ length: 61 }, (_, i) => `p-${i}`);
    expect(purgeTagBodies([...tags, 'p-0']).map((body) => body.tags.length)).toEqual([30, 30, 1]);
    expect(purgeCacheUrl('http://127.0.0.1:9/', 'zone 1')).toBe('http://127.0.0.1:9/client/v4/zones/zone%201/purge_cache');
  });
});
