import { describe, expect, it } from 'vitest';
import { API_CATALOG_LINK, withStandardHeaders } from './standard-headers.ts';

describe('withStandardHeaders', () => {
  it('adds the Link, security headers and a CSP without inline scripts', () => {
    const response = withStandardHeaders(new Response('x', { headers: { Link: '</a>; rel="next"' } }), new URL('http://shop.test/'));
    expect(response.headers.get('Link')).toBe(`</a>; rel="next", ${API_CATALOG_LINK}`);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp.split(';').find((directive) => directive.trim().startsWith('script-src'))).not.toContain('unsafe');
    expect(response.headers.has('Strict-Transport-Security')).toBe(false);
  });

  it('adds HSTS on HTTPS and keeps a CSP the route set', () => {
    const response = withStandardHeaders(
      new Response('x', { headers: { 'Content-Security-Policy': "default-src 'none'" } }),
      new URL('https://shop.test/'),
    );
    expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
  });

  it('marks HTML with the TDM reservation, and nothing else', () => {
    const html = withStandardHeaders(new Response('<p>x</p>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } }), new URL('http://shop.test/'));
    expect(html.headers.get('tdm-reservation')).toBe('1');
    const json = withStandardHeaders(Response.json({}), new URL('http://shop.test/pulse'));
    expect(json.headers.has('tdm-reservation')).toBe(false);
  });

  it('copies a response whose headers are immutable, such as a redirect', () => {
    const redirect = withStandardHeaders(Response.redirect('http://shop.test/women', 301), new URL('http://shop.test/'));
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('Location')).toBe('http://shop.test/women');
    expect(redirect.headers.get('Link')).toBe(API_CATALOG_LINK);
  });
});
