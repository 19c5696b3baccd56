import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { scriptPath } from '../discovery.ts';

const scriptFile = resolve(import.meta.dirname, '../plugin/b2b-access.js');

const scriptRoute = createRoute({
  method: 'get',
  path: scriptPath,
  tags: ['B2B Access'],
  summary: 'The B2B Access client script (the storefront proxies it, same origin for pages)',
  responses: { 200: { description: 'JavaScript', content: { 'application/javascript': { schema: z.string() } } } },
});

/** Site-root routes of the module: its client script. */
export const accessPublicRoutes = createRouter<AppEnv>().openapi(scriptRoute, async (c) => {
  // Read per request (a small file): a deploy that changes it needs no restart, and no module state holds it.
  const script = await readFile(scriptFile, 'utf8');
  return c.body(script, 200, { 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' });
});
