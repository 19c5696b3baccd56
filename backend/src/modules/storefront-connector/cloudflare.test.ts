import { describe, expect, it } from 'vitest';
import { cloudflareHeaders, purgeBodies, purgeUrl } from './cloudflare.ts';

describe('Cloudflare purge by URL', () => {
  it('turns paths into absolute URLs of the storefront, deduplicated, 30 per call', () => {
    const paths = Array.from({ length: 31 }, (_, i) => `/p-${i}`);
    const bodies = purgeBodies('https://shop.example', [...paths, '/p-0']);
    expect(bodies.map((b) => b.files.length)).toEqual([30, 1]);
    expect(bodies[0]!.files[0]).toBe('https://shop.example/p-0');
    expect(purgeBodies('https://shop.example/base', ['/x'])[0]!.files).toEqual(['https://shop.example/x']);
  });

  it('authenticates with a token, or with a legacy key and its email', () => {
    expect(cloudflareHeaders({ token: 't' })).toEqual({ authorization: 'Bearer t' });
    expect(cloudflareHeaders({ email: 'a@b.c', key: 'k' })).toEqual({ 'x-auth-email': 'a@b.c', 'x-auth-key': 'k' });
    expect(purgeUrl('http://127.0.0.1:1/client/v4', 'abc')).toBe('http://127.0.0.1:1/client/v4/zones/abc/purge_cache');
  });
});
