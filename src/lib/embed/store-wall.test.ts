import { describe, expect, it } from 'vitest';
import { isStoreWalled } from './store-wall.ts';

const withAccess = (config: unknown) => ({ extensions: { b2bPlugins: [{ code: 'registration', config: {} }, { code: 'access', config }] } });

describe('isStoreWalled', () => {
  it('is true only for an enabled access module with a store-wide wall', () => {
    expect(isStoreWalled(withAccess({ enabled: true, loginWall: { storeWide: true } }))).toBe(true);
    expect(isStoreWalled(withAccess({ loginWall: { storeWide: true } }))).toBe(true);
    expect(isStoreWalled(withAccess({ enabled: false, loginWall: { storeWide: true } }))).toBe(false);
    expect(isStoreWalled(withAccess({ enabled: true, loginWall: { storeWide: false } }))).toBe(false);
  });

  it('reads no wall from a missing or malformed manifest', () => {
    expect(isStoreWalled({ extensions: {} })).toBe(false);
    expect(isStoreWalled({ extensions: { b2bPlugins: 'access' } })).toBe(false);
    expect(isStoreWalled(withAccess({ hiddenPriceMessage: 'x', loginMessage: '' }))).toBe(false);
  });
});
