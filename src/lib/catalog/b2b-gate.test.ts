import { describe, expect, it } from 'vitest';
import { gated } from '../agents/test-support.ts';
import {
  annotationOf,
  canCheckout,
  DEFAULT_HIDDEN_PRICE_MESSAGE,
  gateRedirectPath,
  hiddenPriceMessage,
  priceHidden,
  productGate,
  requiresLogin,
} from './b2b-gate.ts';

describe('productGate', () => {
  it('reads the flags, message and redirect of extensions.b2bAccess', () => {
    const extensions = gated('Trade only', { requiresLogin: true });
    expect(productGate({ extensions })).toEqual({
      gateFlags: { requiresLogin: true, hidePrice: true, canCheckout: false, hiddenFromListings: false },
      hiddenPriceMessage: 'Trade only',
      redirectTo: null,
    });
    expect(annotationOf({ extensions })).toBe(extensions.b2bAccess);
  });
  it('has no flags without the annotation (module not installed)', () => {
    expect(productGate({})).toEqual({ hiddenPriceMessage: null, redirectTo: null });
    expect(productGate({ extensions: {} }).gateFlags).toBeUndefined();
    expect(annotationOf({ extensions: {} })).toBeUndefined();
  });
});

describe('the flags', () => {
  it('hide the price, block the purchase and ask for a login only when the gate says so', () => {
    expect(priceHidden({ extensions: gated('x') })).toBe(true);
    expect(priceHidden({ extensions: gated('x', { hidePrice: false }) })).toBe(false);
    expect(priceHidden({})).toBe(false);
    expect(canCheckout({ extensions: gated('x') })).toBe(false);
    expect(canCheckout({ extensions: gated('x', { canCheckout: true }) })).toBe(true);
    expect(canCheckout({ extensions: {} })).toBe(true);
    expect(canCheckout({})).toBe(true);
    expect(requiresLogin({ extensions: gated('x', { requiresLogin: true }) })).toBe(true);
    expect(requiresLogin({ extensions: gated('x') })).toBe(false);
    expect(requiresLogin({})).toBe(false);
  });
});

describe('hiddenPriceMessage', () => {
  it('reads the B2B message, else the default', () => {
    expect(hiddenPriceMessage({ extensions: gated('Trade only') })).toBe('Trade only');
    expect(hiddenPriceMessage({ extensions: {} })).toBe(DEFAULT_HIDDEN_PRICE_MESSAGE);
    expect(hiddenPriceMessage({ extensions: gated('  ') })).toBe(DEFAULT_HIDDEN_PRICE_MESSAGE);
    expect(hiddenPriceMessage({})).toBe(DEFAULT_HIDDEN_PRICE_MESSAGE);
  });
});

describe('gateRedirectPath', () => {
  const redirecting = (redirectTo: string | null) => {
    const { b2bAccess } = gated('x');
    return { extensions: { b2bAccess: { ...b2bAccess, redirectTo } } };
  };
  it('is the rule’s storefront path', () => {
    expect(gateRedirectPath(redirecting('/trade-info'))).toBe('/trade-info');
    expect(gateRedirectPath(redirecting(null))).toBeNull();
    expect(gateRedirectPath({})).toBeNull();
  });
  it('never leaves the site', () => {
    expect(gateRedirectPath(redirecting('https://evil.example/'))).toBeNull();
    expect(gateRedirectPath(redirecting('//evil.example/'))).toBeNull();
    expect(gateRedirectPath(redirecting('/\\evil.example'))).toBeNull();
    expect(gateRedirectPath(redirecting(''))).toBeNull();
  });
});
