/** `npm run storefront:build`: argument handling and the deploy's credential check (no network here, so no real deploy). */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pathTag } from '../contracts/cache-tags.ts';
import { deployTarget, main, parseBuildArgs, purgeAfterDeploy, purgedAfterDeploy, UsageError } from '../scripts/storefront-build.ts';

describe('storefront:build arguments', () => {
  it('reads the flags of SPEC.md and refuses unknown or contradictory ones', () => {
    expect(parseBuildArgs([])).toEqual({ install: false, deploy: false });
    expect(parseBuildArgs(['--deploy', '--install'])).toEqual({ install: true, deploy: true });
    expect(parseBuildArgs(['--css-only'])).toEqual({ install: false, deploy: false, partialRequested: 'css' });
    expect(parseBuildArgs(['--js-only'])).toEqual({ install: false, deploy: false, partialRequested: 'js' });
    expect(() => parseBuildArgs(['--css-only', '--js-only'])).toThrow(UsageError);
    expect(() => parseBuildArgs(['--bogus'])).toThrow(/Unknown option '--bogus'/);
    expect(() => parseBuildArgs(['dist'])).toThrow(UsageError);
  });

  it('names every missing credential of a deploy, and accepts a token or a legacy key with its email', () => {
    expect(() => deployTarget({})).toThrow(/CLOUDFLARE_ACCOUNT_ID[\s\S]*CLOUDFLARE_API_TOKEN[\s\S]*STOREFRONT_URL[\s\S]*SYNC_SECRET/);
    const base = { CLOUDFLARE_ACCOUNT_ID: 'acc', STOREFRONT_URL: 'https://shop.example/', SYNC_SECRET: 's'.repeat(20) };
    expect(deployTarget({ ...base, CLOUDFLARE_API_TOKEN: 'tok' })).toMatchObject({
      storefrontUrl: 'https://shop.example',
      cloudflare: { headers: { authorization: 'Bearer tok' }, apiBase: 'https://api.cloudflare.com/client/v4' },
    });
    expect(deployTarget({ ...base, CLOUDFLARE_API_KEY: 'k', CLOUDFLARE_EMAIL: 'a@b.c', CLOUDFLARE_ZONE_ID: 'z' }).cloudflare).toMatchObject({
      headers: { 'x-auth-email': 'a@b.c', 'x-auth-key': 'k' },
      zoneId: 'z',
    });
    expect(() => deployTarget({ ...base, CLOUDFLARE_API_KEY: 'k' })).toThrow(/CLOUDFLARE_API_TOKEN/);
  });

  it('stops a deploy without credentials before building anything', async () => {
    await expect(main(['--deploy'], {})).rejects.toThrow(UsageError);
  });
});

describe('storefront:build --deploy purge', () => {
  it("purges the worker cache with the sync secret, then the zone by the paths' tags (a local stand-in for both)", async () => {
    const calls: { path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        calls.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const target = deployTarget({
        CLOUDFLARE_ACCOUNT_ID: 'acc',
        CLOUDFLARE_API_TOKEN: 'tok',
        CLOUDFLARE_ZONE_ID: 'zone1',
        CLOUDFLARE_API_BASE: `${url}/client/v4`,
        STOREFRONT_URL: url,
        SYNC_SECRET: 's'.repeat(20),
      });
      await purgeAfterDeploy(target);
      expect(calls.map((c) => [c.path, c.headers.authorization])).toEqual([
        ['/cache/purge', `Bearer ${'s'.repeat(20)}`],
        ['/client/v4/zones/zone1/purge_cache', 'Bearer tok'],
      ]);
      expect(calls[0]!.body).toEqual({ urls: purgedAfterDeploy });
      expect(calls[1]!.body).toEqual({ tags: await Promise.all(purgedAfterDeploy.map((path) => pathTag(path))) });
    } finally {
      server.close();
    }
  });
});
