import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';

/** The editor's scripts, served as written (plain JavaScript modules, same origin: the admin's CSP allows 'self'). */
const scripts = new Map(['condition-model.js', 'condition-editor.js'].map((file) => [file, readFileSync(join(import.meta.dirname, 'client', file), 'utf8')]));

/** GET /admin/b2b-access/assets/<file>: only the files above; anything else is 404. */
export const adminAssets = new Hono<AdminEnv>().get('/:file', (c) => {
  const script = scripts.get(c.req.param('file'));
  if (script === undefined) return c.notFound();
  return c.body(script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
});
