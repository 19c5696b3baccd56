import { describe, expect, it } from 'vitest';
import { accessSettings, signInHref, tradeApplyPath } from './b2b-manifests.ts';

const withPlugins = (b2bPlugins: unknown) => ({ extensions: { b2bPlugins } });
const wall = { storeWide: true, redirectTo: '/login', exemptPaths: ['/about-us'] };
const access = (config: Record<string, unknown>) => ({ code: 'access', script: '/plugins/b2b-access.js', config });

describe('accessSettings', () => {
  it('reads the store-wide wall, its target and notice from the access manifest', () => {
    expect(accessSettings(withPlugins([access({ enabled: true, loginMessage: 'Members only', hiddenPriceMessage: '', loginWall: wall })]))).toEqual({
      wall,
      loginPath: '/login',
      loginMessage: 'Members only',
      variesByCountry: false,
    });
  });
  it('sends gated products to the wall target even when the wall is not store-wide', () => {
    const target = { ...wall, storeWide: false, redirectTo: '/trade-info' };
    expect(accessSettings(withPlugins([access({ enabled: true, loginMessage: '', loginWall: target })]))).toEqual({
      wall: null,
      loginPath: '/trade-info',
      loginMessage: '',
      variesByCountry: false,
    });
  });
  it('says whether signed-in views vary by country (DECISIONS.md 48), only while the module is on', () => {
    expect(accessSettings(withPlugins([access({ enabled: true, loginMessage: '', variesByCountry: true })])).variesByCountry).toBe(true);
    expect(accessSettings(withPlugins([access({ enabled: false, loginMessage: '', variesByCountry: true })])).variesByCountry).toBe(false);
  });
  it('has no wall when the module is off, absent or its manifest malformed', () => {
    const none = { wall: null, loginPath: '/login', loginMessage: '', variesByCountry: false };
    expect(accessSettings(withPlugins([access({ enabled: false, loginMessage: 'x', loginWall: wall })]))).toEqual(none);
    expect(accessSettings(withPlugins([]))).toEqual(none);
    expect(accessSettings(withPlugins(undefined))).toEqual(none);
    expect(accessSettings(withPlugins([access({ enabled: true, loginWall: { ...wall, redirectTo: 'https://evil.example' } })]))).toEqual(none);
  });
  it('reads a manifest written before the wall was part of it', () => {
    expect(accessSettings(withPlugins([{ code: 'access', config: { hiddenPriceMessage: 'x', loginMessage: 'y' } }]))).toEqual({
      wall: null,
      loginPath: '/login',
      loginMessage: 'y',
      variesByCountry: false,
    });
  });
});

describe('tradeApplyPath', () => {
  it('is the registration module’s apply page when it is on', () => {
    const registration = { code: 'registration', config: { enabled: true, formCodes: ['trade'], applyPath: '/trade-account' } };
    expect(tradeApplyPath(withPlugins([registration]))).toBe('/trade-account');
    expect(tradeApplyPath(withPlugins([{ ...registration, config: { ...registration.config, enabled: false } }]))).toBeNull();
    expect(tradeApplyPath(withPlugins([access({ enabled: true })]))).toBeNull();
  });
});

describe('signInHref', () => {
  it('carries the page to come back to', () => {
    expect(signInHref('/login', '/trade-supplies?page=2')).toBe('/login?returnTo=%2Ftrade-supplies%3Fpage%3D2');
  });
});
