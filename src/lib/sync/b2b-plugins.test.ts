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
const moduleOf = (code: string) => B2B_MODULES.find((module) => module.code === code)!;
const [access, pricing] = [moduleOf('access'), moduleOf('pricing')];
const config = { storeCode: 'default', extensions: {} } as StoreConfig;

describe('B2B discovery manifests', () => {
  it('keeps only the switch, the messages, the login wall and variesByCountry of the access config, and the script when there is one', () => {
    expect(access.manifest.parse(accessAnswer)).toEqual({
      code: 'access',
      config: { enabled: true, hiddenPriceMessage: 'Log in for trade prices', loginMessage: 'Trade customers only', variesByCountry: false },
    });
    expect(access.manifest.parse({ ...accessAnswer, variesByCountry: true }).config).toMatchObject({ variesByCountry: true });
    const loginWall = { storeWide: true, redirectTo: '/login', exemptPaths: ['/about-us'] };
    expect(access.manifest.parse({ ...accessAnswer, loginWall }).config).toEqual({
      enabled: true,
      hiddenPriceMessage: 'Log in for trade prices',
      loginMessage: 'Trade customers only',
      loginWall,
      variesByCountry: false,
    });
    expect(access.manifest.safeParse({ ...accessAnswer, loginWall: { ...loginWall, redirectTo: 'https://evil.example/' } }).success).toBe(false);
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

  it('probes the four modules of DECISIONS.md 44 and keeps their whole answers, nothing secret among them', () => {
    expect(B2B_MODULES.map((module) => module.code)).toEqual(expect.arrayContaining(['access', 'approval', 'forms', 'registration']));
    const approval = { enabled: true, requireApprovalForNewRegistrations: false, blockedLoginMessage: 'Awaiting approval' };
    expect(moduleOf('approval').manifest.parse(approval)).toEqual({ code: 'approval', config: approval });
    const forms = { enabled: true, headlessApi: false, honeypot: true, minFillSeconds: 3, captcha: null };
    expect(moduleOf('forms').manifest.parse({ ...forms, script: '/plugins/custom-forms.js' })).toEqual({ code: 'forms', script: '/plugins/custom-forms.js', config: forms });
    const registration = { enabled: true, formCodes: ['trade'], applyPath: '/trade-account' };
    expect(moduleOf('registration').manifest.parse(registration)).toEqual({ code: 'registration', config: registration });
    expect(moduleOf('forms').manifest.safeParse({ ...forms, captcha: { provider: 'unknown', siteKey: '' } }).success).toBe(false);
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
