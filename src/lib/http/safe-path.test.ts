import { describe, expect, it } from 'vitest';
import { safePathSegments } from './safe-path.ts';

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
