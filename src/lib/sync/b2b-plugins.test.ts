import { describe, expect, it } from 'vitest';
import type { StoreConfig } from '../content/schemas.ts';
import { B2B_MODULES, withB2bPlugins } from './b2b-plugins.ts';

const accessAnswer = {
  enabled: true,
  hidePrice: true,
  blockPurchase: false,
  requireLogin: false,
  loginMessage: 'Trade customers only',
  hiddenPriceMessage: 'Log in for trade prices',
  activationMatrix: { byCustomerGroup: true, customerGroups: [0], byCategory: false, categoryIds: [] },
};
const [access, pricing] = B2B_MODULES;
const config = { storeCode: 'default', extensions: {} } as StoreConfig;

describe('B2B discovery manifests', () => {
  it('keeps only the messages of the access config, and the script when there is one', () => {
    expect(access.manifest.parse(accessAnswer)).toEqual({
      code: 'access',
      config: { hiddenPriceMessage: 'Log in for trade prices', loginMessage: 'Trade customers only' },
    });
    expect(access.manifest.parse({ ...accessAnswer, script: '/plugins/access.js' })).toMatchObject({
      script: '/plugins/access.js',
    });
  });

  it('refuses an access answer that lacks a field of SPEC.md', () => {
    expect(access.manifest.safeParse({ ...accessAnswer, hiddenPriceMessage: undefined }).success).toBe(false);
  });

  it('keeps an unspecified module config as it was sent', () => {
    expect(pricing.manifest.parse({ tiers: [1, 2], script: '/plugins/pricing.js' })).toEqual({
      code: 'pricing',
      script: '/plugins/pricing.js',
      config: { tiers: [1, 2] },
    });
  });

  it('appends manifests to extensions.b2bPlugins, replacing same-code entries only', () => {
    const existing = { ...config, extensions: { other: 1, b2bPlugins: [{ code: 'access' }, { code: 'quotes' }] } };
    const manifest = { code: 'access', config: {} };
    expect(withB2bPlugins(existing, [manifest]).extensions).toEqual({
      other: 1,
      b2bPlugins: [{ code: 'quotes' }, manifest],
    });
    expect(withB2bPlugins(config, []).extensions).toEqual({ b2bPlugins: [] });
  });
});
