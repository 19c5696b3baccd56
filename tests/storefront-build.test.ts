/** `npm run storefront:build`: argument handling and the deploy's credential check (no network here, so no real deploy). */
import { describe, expect, it } from 'vitest';
import { deployTarget, main, parseBuildArgs, UsageError } from '../scripts/storefront-build.ts';

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
