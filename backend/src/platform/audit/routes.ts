import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/resolve-caller.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { ErrorSchema, PagingQuery, Timestamp, collectionOf, errorResponses, jsonContent } from '../http/schemas.ts';
import { listAuditLog } from './service.ts';

const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: Timestamp,
    actor: z
      .object({
        type: z.enum(['admin', 'system']),
        id: z.number().int().nullable().openapi({ description: 'The admin user id; null for system' }),
        email: z.string().nullable(),
      })
      .openapi('AuditActor'),
    module: z.string().openapi({ description: '"core" or a module id', example: 'core' }),
    action: z.string().openapi({ example: 'customer.status_changed' }),
    subject: z.string().nullable().openapi({ example: 'customer:12' }),
    diff: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .nullable()
      .openapi({ description: 'Changed values by dotted path; secrets show as "********"', example: { approvalStatus: { from: 'pending', to: 'active' } } }),
  })
  .openapi('AuditEntry');

const AuditQuery = PagingQuery.extend({
  module: z.string().trim().min(1).max(100).optional().openapi({ description: '"core" or a module id' }),
  actor: z.string().trim().min(1).max(254).optional().openapi({ description: 'An admin email, or "system"' }),
});

const auditLogRoute = createRoute({
  method: 'get',
  path: '/admin/audit-log',
  tags: ['Admin'],
  summary: 'The admin audit log (who changed what, when), newest first',
  description: 'Needs an admin access token (password grant with scope=admin). Filters: module, actor (admin email or "system").',
  security: [{ bearerAuth: [] }],
  request: { query: AuditQuery },
  responses: {
    200: jsonContent(collectionOf(AuditEntrySchema, 'AuditLog'), 'One page of entries'),
    400: errorResponses[400],
    401: jsonContent(ErrorSchema, 'No valid token'),
    403: jsonContent(ErrorSchema, 'Not an admin token'),
  },
});

export const auditRoutes = createRouter<AppEnv>().openapi(auditLogRoute, async (c) => {
  requireAdmin(c.var.caller);
  const { module, actor, ...paging } = c.req.valid('query');
  return c.json(await listAuditLog(c.var.db, { module, actor }, paging), 200, { 'Cache-Control': 'no-store' });
});
