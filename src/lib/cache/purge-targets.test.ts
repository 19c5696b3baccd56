import { describe, expect, it } from 'vitest';
import { knownOrigins, purgeTarget } from './purge-targets.ts';

const hosts = { requestUrl: new URL('http://127.0.0.1:8787/cache/purge'), storeHosts: ['au.localhost', 'nz.example:9000'] };
const hrefs = (entry: string) => {
  const target = purgeTarget(entry, hosts);
  return 'urls' in target ? target.urls.map((url) => url.href) : target;
};

describe('purge targets', () => {
  it('knows the request origin and the store hosts with its scheme and port', () => {
    expect(knownOrigins(hosts)).toEqual(['http://127.0.0.1:8787', 'http://au.localhost:8787', 'http://nz.example:9000']);
  });

  it('purges a path on every known host', () => {
    expect(hrefs('/women?page=2')).toEqual([
      'http://127.0.0.1:8787/women?page=2',
      'http://au.localhost:8787/women?page=2',
      'http://nz.example:9000/women?page=2',
    ]);
  });

  it('purges an absolute URL of a known host only there', () => {
    expect(hrefs('http://au.localhost:8787/blue-tee')).toEqual(['http://au.localhost:8787/blue-tee']);
    expect(hrefs('https://au.localhost/blue-tee')).toEqual(['https://au.localhost/blue-tee']);
  });

  it.each(['women', '//evil.example/x', 'https://evil.example/x', 'javascript:alert(1)', 'ftp://au.localhost/x'])('refuses %j', (entry) => {
    expect(purgeTarget(entry, hosts)).toHaveProperty('error');
  });
});
