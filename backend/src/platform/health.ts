import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { AppError } from './errors.ts';
import { createRouter } from './http/router.ts';
import { ErrorSchema, jsonContent } from './http/schemas.ts';

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'Liveness, including a database round trip',
  responses: {
    200: jsonContent(z.object({ status: z.literal('ok') }).openapi('Health'), 'The backend and its database answer'),
    503: jsonContent(ErrorSchema, 'The database does not answer'),
  },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (cause) {
    throw new AppError('unavailable', 'database_unavailable', 'The database does not answer.', undefined, { cause });
  }
  return c.json({ status: 'ok' as const }, 200, { 'Cache-Control': 'no-store' });
});
