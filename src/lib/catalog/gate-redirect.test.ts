import { describe, expect, it } from 'vitest';
import { gated } from '../agents/test-support.ts';
import { productGateRedirect } from './gate-redirect.ts';

const url = new URL('https://shop.example/bulk-gloves?colour=blue');
const config = (b2bPlugins: unknown[] = []) => ({ extensions: { b2bPlugins } });
const product = (flags: Parameters<typeof gated>[1], redirectTo: string | null = null) => {
  const { b2bAccess } = gated('Trade only', flags);
  return { extensions: { b2bAccess: { ...b2bAccess, redirectTo } } };
};

describe('productGateRedirect', () => {
  it('renders a product that needs no login', () => {
    expect(productGateRedirect(product({ requiresLogin: false }), url, config())).toBeNull();
    expect(productGateRedirect({ extensions: {} }, url, config())).toBeNull();
  });
  it('sends a guest to the login page with returnTo', () => {
    expect(productGateRedirect(product({ requiresLogin: true }), url, config())).toBe('/login?returnTo=%2Fbulk-gloves%3Fcolour%3Dblue');
  });
  it('sends a guest to the configured CMS wall target instead', () => {
    const access = { code: 'access', config: { enabled: true, loginMessage: '', loginWall: { storeWide: false, redirectTo: '/trade-info', exemptPaths: [] } } };
    expect(productGateRedirect(product({ requiresLogin: true }), url, config([access]))).toBe('/trade-info?returnTo=%2Fbulk-gloves%3Fcolour%3Dblue');
  });
  it('follows a rule’s CMS page first', () => {
    expect(productGateRedirect(product({ requiresLogin: true }, '/wholesale'), url, config())).toBe('/wholesale');
    expect(productGateRedirect(product({ requiresLogin: false }, '/wholesale'), url, config())).toBe('/wholesale');
  });
});
