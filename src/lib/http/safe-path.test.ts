import { describe, expect, it } from 'vitest';
import { sameOriginPath, safePathSegments } from './safe-path.ts';

describe('safePathSegments', () => {
  it('decodes ordinary paths', () => {
    expect(safePathSegments('catalog/product/linen%20shirt.svg')).toEqual(['catalog', 'product', 'linen shirt.svg']);
  });

  it.each(['../api/rest/v2/stores', 'catalog/%2e%2e/secret', 'catalog/..%2fsecret', 'a%5c..%5cb', 'a//b', '', 'a/%00', '%zz'])(
    'refuses %j',
    (path) => {
      expect(safePathSegments(path)).toBeNull();
    },
  );
});

describe('sameOriginPath', () => {
  const origin = 'https://shop.test';

  it('keeps a path (with its query) on the same origin', () => {
    expect(sameOriginPath('/customer-service?x=1', origin)).toBe('/customer-service?x=1');
    expect(sameOriginPath('https://shop.test/trade-account', origin)).toBe('/trade-account');
  });

  it('refuses other origins and tricks', () => {
    for (const bad of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '/a\nb', '', null, undefined]) {
      expect(sameOriginPath(bad, origin)).toBeNull();
    }
  });
});
