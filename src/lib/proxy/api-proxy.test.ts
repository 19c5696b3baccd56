import { describe, expect, it } from 'vitest';
import { apiSubPath } from './api-proxy.ts';

describe('apiSubPath', () => {
  it('maps the path below /api to backend segments', () => {
    expect(apiSubPath('/api/auth/token')).toEqual({ segments: ['auth', 'token'], trailingSlash: false });
    expect(apiSubPath('/api/docs.json')).toEqual({ segments: ['docs.json'], trailingSlash: false });
    expect(apiSubPath('/api/docs/assets/init.js')).toEqual({ segments: ['docs', 'assets', 'init.js'], trailingSlash: false });
    expect(apiSubPath('/api/cart/items/')).toEqual({ segments: ['cart', 'items'], trailingSlash: true });
    expect(apiSubPath('/api')).toEqual({ segments: [], trailingSlash: false });
    expect(apiSubPath('/api/')).toEqual({ segments: [], trailingSlash: false });
  });

  it.each(['/api/..%2f..%2fmedia', '/api/%2e%2e/stores', '/api/a/%2E%2E/b', '/api/a%5c..%5cb', '/api//x', '/api//', '/apix', '/media/a'])(
    'refuses %j',
    (path) => {
      expect(apiSubPath(path)).toBeNull();
    },
  );
});
