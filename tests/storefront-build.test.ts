/** `npm run storefront:build`: argument handling and the deploy's credential check (no network here, so no real deploy). */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { pathTag } from '../contracts/cache-tags.ts';
import { deployTarget, main, originWarning, PARTIAL_BUILD_REFUSED, parseBuildArgs, purgeAfterDeploy, purgedAfterDeploy, UsageError } from '../scripts/storefront-build.ts';

describe('storefront:build arguments', () => {
  it('reads the flags of SPEC.md and refuses unknown or contradictory ones', () => {
    expect(parseBuildArgs([])).toMatchObject({ install: false, deploy: false, dryRun: false, skipBuild: false, built: expect.stringMatching(/dist[/\\]server$/) });
    expect(parseBuildArgs(['--deploy', '--install'])).toMatchObject({ install: true, deploy: true });
    expect(parseBuildArgs(['--deploy', '--dry-run', '--skip-build', '--built', '/tmp/x'])).toEqual({ install: false, deploy: true, dryRun: true, skipBuild: true, built: '/tmp/x' });
    expect(() => parseBuildArgs(['--dry-run'])).toThrow(/--dry-run goes with --deploy/);
    expect(() => parseBuildArgs(['--bogus'])).toThrow(/Unknown option '--bogus'/);
    expect(() => parseBuildArgs(['dist'])).toThrow(UsageError);
  });

  it('refuses --css-only and --js-only, saying why there is no partial build', () => {
    for (const flag of ['--css-only', '--js-only']) {
      expect(() => parseBuildArgs([flag])).toThrow(UsageError);
      expect(() => parseBuildArgs([flag])).toThrow(`${flag} ${PARTIAL_BUILD_REFUSED}`);
    }
    expect(PARTIAL_BUILD_REFUSED).toMatch(/ASSET_HASH/);
  });

  it('warns when neither PUBLIC_ORIGIN nor STORES names a public host', () => {
    expect(originWarning({ PUBLIC_ORIGIN: '', STORES: '{"au.localhost":"au"}' })).toMatch(/request's own origin/);
    expect(originWarning({})).toMatch(/PUBLIC_ORIGIN/);
    expect(originWarning({ PUBLIC_ORIGIN: 'https://shop.example' })).toBeNull();
    expect(originWarning({ STORES: '{"shop.example":"default"}' })).toBeNull();
  });

  it('takes the account, KV namespace, zone and storefront from the connector where the environment does not set them', () => {
    const connector = { accountId: 'c'.repeat(32), kvNamespaceId: 'd'.repeat(32), zoneId: 'e'.repeat(32), storefrontUrl: 'https://shop.example' };
    const target = deployTarget({ CLOUDFLARE_API_TOKEN: 'tok', SYNC_SECRET: 's'.repeat(20) }, connector);
    expect(target).toMatchObject({ storefrontUrl: 'https://shop.example', kvNamespaceId: 'd'.repeat(32), cloudflare: { accountId: 'c'.repeat(32), zoneId: 'e'.repeat(32) } });
    expect(target.sources).toEqual({ accountId: 'backend connector', kvNamespaceId: 'backend connector', zoneId: 'backend connector', storefrontUrl: 'backend connector' });
    const overridden = deployTarget({ CLOUDFLARE_API_TOKEN: 'tok', SYNC_SECRET: 's'.repeat(20), CLOUDFLARE_KV_NAMESPACE_ID: 'f'.repeat(32) }, connector);
    expect(overridden).toMatchObject({ kvNamespaceId: 'f'.repeat(32), sources: { kvNamespaceId: 'environment', accountId: 'backend connector' } });
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
