import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AdminEnv } from './admin-env.ts';
import { savedAt, stampSaves } from './save-stamp.ts';

/** A save that redirects with a flash, and the page it opens answering the stamp it reads. */
const app = new Hono<AdminEnv>()
  .use(stampSaves)
  .post('/admin/things/1', (c) => c.redirect('/admin/things/1?flash=saved', 303))
  .post('/admin/things/2', (c) => c.redirect('/admin/things/2', 303))
  .get('/admin/things/1', (c) => c.text(String(savedAt(c, Date.now()) ?? 'none')));

describe('the save stamp the admin page follows the storefront sync from', () => {
  it('leaves the moment the save began on a redirect with a flash, and the page reads it back', async () => {
    const before = Date.now();
    const saved = await app.request('/admin/things/1', { method: 'POST' });
    const cookie = saved.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^admin_saved=\d+; Max-Age=120; Path=\/admin; HttpOnly; SameSite=Strict$/);
    const stamp = Number(/admin_saved=(\d+)/.exec(cookie)![1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    const page = await app.request('/admin/things/1?flash=saved', { headers: { Cookie: `admin_saved=${stamp}` } });
    expect(await page.text()).toBe(String(stamp));
  });

  it('stamps no redirect without a flash, and ignores a stamp from the future or from long ago', async () => {
    expect((await app.request('/admin/things/2', { method: 'POST' })).headers.get('Set-Cookie')).toBeNull();
    for (const stamp of [Date.now() + 60_000, Date.now() - 3_600_000, 'soon']) {
      const page = await app.request('/admin/things/1', { headers: { Cookie: `admin_saved=${stamp}` } });
      expect(await page.text()).toBe('none');
    }
  });
});
