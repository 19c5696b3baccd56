import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { defineDomain } from './define-domain.ts';
import { mountDomains } from './mount-domains.ts';

const answering = (path: string, text: string) => new Hono<AppEnv>().get(path, (c) => c.text(text));

describe('domains mounted by declaration', () => {
  it('serves each domain its own paths, a literal path beside a parameter whatever the order of the list', async () => {
    const records = defineDomain({ id: 'records', api: [answering('/admin/things/:id', 'one thing')] });
    const exports = defineDomain({ id: 'exports', api: [answering('/admin/things-export', 'export')] });
    for (const order of [[records, exports], [exports, records]]) {
      const app = createRouter<AppEnv>();
      mountDomains(app, order);
      expect(await (await app.request('/api/rest/v2/admin/things/7')).text()).toBe('one thing');
      expect(await (await app.request('/api/rest/v2/admin/things-export')).text()).toBe('export');
    }
  });

  it('stops the start when two domains claim one route, naming both', () => {
    const app = createRouter<AppEnv>();
    const first = defineDomain({ id: 'first', api: [answering('/things/:id', 'a')] });
    const second = defineDomain({ id: 'second', api: [answering('/things/:thingId', 'b')] });
    expect(() => mountDomains(app, [first, second])).toThrow('Route clash: GET /api/rest/v2/things/: is declared by domain first and by domain second.');
  });

  it('refuses a navigation link to a page the domain does not mount', () => {
    expect(() => defineDomain({ id: 'lost', nav: [{ title: 'Lost', path: '/lost', section: 'System' }] })).toThrow('Admin link /lost of domain lost leads to no page it mounts.');
    expect(() => defineDomain({ id: 'Bad Id' })).toThrow('kebab-case');
  });
});
