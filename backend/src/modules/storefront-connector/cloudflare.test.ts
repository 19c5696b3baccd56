import { describe, expect, it } from 'vitest';
import { pathTag } from '../../../../contracts/cache-tags.ts';
import { cloudflareHeaders, purgeBodies, purgeUrl } from './cloudflare.ts';

describe('Cloudflare purge by tag', () => {
  it("turns paths into the edge copies' path tags, deduplicated, 30 per call", async () => {
    const paths = Array.from({ length: 31 }, (_, i) => `/p-${i}`);
    const bodies = await purgeBodies([...paths, '/p-0', '/p-0?page=2']);
    expect(bodies.map((b) => b.tags.length)).toEqual([30, 1]);
    expect(bodies[0]!.tags[0]).toBe(await pathTag('/p-0'));
    expect(bodies[0]!.tags[0]).toMatch(/^p-[0-9a-f]{16}$/);
  });

  it('authenticates with a token, or with a legacy key and its email', () => {
    expect(cloudflareHeaders({ token: 't' })).toEqual({ authorization: 'Bearer t' });
    expect(cloudflareHeaders({ email: 'a@b.c', key: 'k' })).toEqual({ 'x-auth-email': 'a@b.c', 'x-auth-key': 'k' });
    expect(purgeUrl('http://127.0.0.1:1/client/v4', 'abc')).toBe('http://127.0.0.1:1/client/v4/zones/abc/purge_cache');
  });
});
