import { describe, expect, it } from 'vitest';
import { openPagePaths, wallRedirect, type WallContext } from './login-wall.ts';

const context: WallContext = {
  wall: { storeWide: true, redirectTo: '/login', exemptPaths: ['/about-us'] },
  applyPath: '/trade-account',
};
const at = (path: string, ctx: WallContext = context) => wallRedirect(new URL(path, 'https://shop.example'), ctx);

describe('wallRedirect', () => {
  it('sends a guest from every catalog page, HTML or markdown, to the target with returnTo', () => {
    expect(at('/')).toBe('/login?returnTo=%2F');
    expect(at('/women?sort=name')).toBe('/login?returnTo=%2Fwomen%3Fsort%3Dname');
    expect(at('/alpine-merino-henley.md')).toBe('/login?returnTo=%2Falpine-merino-henley.md');
    expect(at('/index.md')).toBe('/login?returnTo=%2Findex.md');
    expect(at('/search?q=tee')).toBe('/login?returnTo=%2Fsearch%3Fq%3Dtee');
    expect(at('/blog/spring')).toBe('/login?returnTo=%2Fblog%2Fspring');
    expect(at('/cart')).toBe('/login?returnTo=%2Fcart');
  });

  it('leaves open the sign-in, registration, password and trade pages, the target and the exempt pages', () => {
    for (const open of ['/login', '/register', '/account/forgot-password', '/account/set-password', '/trade-account', '/about-us', '/about-us.md']) {
      expect(at(open), open).toBeNull();
    }
    expect(at('/about-us-2')).not.toBeNull();
  });

  it('leaves alone what is not a page: API, management, agent documents, media, scripts', () => {
    for (const path of ['/api/cart', '/sync', '/cache/purge', '/pulse', '/robots.txt', '/sitemap.xml', '/llms.txt', '/.well-known/api-catalog', '/media/a.svg', '/plugins/b2b-access.js', '/embed/products', '/health']) {
      expect(at(path), path).toBeNull();
    }
  });

  it('sends guests to a CMS target, which stays open (no redirect loop)', () => {
    const cms: WallContext = { wall: { storeWide: true, redirectTo: '/members', exemptPaths: [] }, applyPath: null };
    expect(at('/women', cms)).toBe('/members?returnTo=%2Fwomen');
    expect(at('/members', cms)).toBeNull();
    expect(at('/trade-account', cms)).not.toBeNull();
  });
});

describe('openPagePaths', () => {
  it('lists the target, the exempt pages and the account entry pages', () => {
    expect([...openPagePaths(context)]).toEqual(
      expect.arrayContaining(['/login', '/register', '/account/forgot-password', '/account/set-password', '/about-us', '/trade-account']),
    );
  });
});
