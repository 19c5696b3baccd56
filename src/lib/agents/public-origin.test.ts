import { describe, expect, it } from 'vitest';
import { absoluteUrl, isLocalHost, publicOrigin } from './public-origin.ts';

const url = (href: string) => new URL(href);

describe('publicOrigin', () => {
  it('uses the origin configured for a listed host, whatever scheme or port the request used', () => {
    const entry = { origin: 'https://au.shop.example', host: 'au.shop.example' };
    expect(publicOrigin(url('http://au.shop.example:8443/x'), { entry, publicOrigin: 'https://shop.example' })).toBe(
      'https://au.shop.example',
    );
  });

  it('uses PUBLIC_ORIGIN for unlisted hosts, so a forged Host header changes nothing', () => {
    const sources = { entry: undefined, publicOrigin: 'https://shop.example' };
    expect(publicOrigin(url('http://evil.example/robots.txt'), sources)).toBe('https://shop.example');
    expect(publicOrigin(url('http://127.0.0.1:8787/'), sources)).toBe('https://shop.example');
  });

  it('uses the request origin on local hosts when nothing is configured (development, tests)', () => {
    const sources = { entry: undefined, publicOrigin: undefined };
    expect(publicOrigin(url('http://127.0.0.1:8787/x'), sources)).toBe('http://127.0.0.1:8787');
    expect(publicOrigin(url('http://au.localhost:9000/'), { entry: { host: 'au.localhost' }, publicOrigin: undefined })).toBe('http://au.localhost:9000');
  });

  it('serves a listed host over https on its name as configured (a preview host listed in STORES included)', () => {
    const preview = { entry: { host: 'preview.shop.example' }, publicOrigin: 'https://shop.example' };
    expect(publicOrigin(url('http://preview.shop.example/'), preview)).toBe('https://preview.shop.example');
    // A port slipped into the Host header is not the configured host.
    expect(publicOrigin(url('http://preview.shop.example:6666/'), preview)).toBe('https://preview.shop.example');
    expect(publicOrigin(url('http://nz.example:9000/'), { entry: { host: 'nz.example:9000' }, publicOrigin: undefined })).toBe('https://nz.example:9000');
  });

  it('uses the request origin on an unlisted host without PUBLIC_ORIGIN (a Worker sees only hosts routed to it)', () => {
    expect(publicOrigin(url('https://shop-a1b2.workers.dev/robots.txt'), { entry: undefined, publicOrigin: undefined })).toBe('https://shop-a1b2.workers.dev');
  });
});

describe('isLocalHost', () => {
  it('knows loopback names and nothing else', () => {
    for (const host of ['localhost', 'au.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLocalHost(host)).toBe(true);
    for (const host of ['localhost.example', '127.0.0.1.evil.example', 'example.com', '10.0.0.1']) expect(isLocalHost(host)).toBe(false);
  });
});

describe('absoluteUrl', () => {
  it('joins a root-relative path (and query) onto the origin', () => {
    expect(absoluteUrl('https://shop.example', '/women/tops?page=2')).toBe('https://shop.example/women/tops?page=2');
    expect(absoluteUrl('https://shop.example', '/')).toBe('https://shop.example/');
  });
});
