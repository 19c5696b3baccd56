import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../auth/resolve-caller.ts';
import { mailStatuses } from '../db/schema/index.ts';
import type { AppEnv } from '../http/context.ts';
import { createRouter } from '../http/router.ts';
import { collectionOf, ErrorSchema, errorResponses, jsonContent, PagingQuery, Timestamp } from '../http/schemas.ts';
import { listOutbox } from './outbox.ts';

const tags = ['Admin: mail'];
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const adminOnly = {
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'The token lacks the admin scope'),
};

const OutboxEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.string().openapi({ example: 'order_confirmation' }),
    from: z.object({ name: z.string(), address: z.string() }),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    status: z.enum(mailStatuses).openapi({
      description: 'pending: waiting for an attempt; sent: accepted by the SMTP server; failed: every attempt refused; unsent: recorded while no SMTP transport was configured',
    }),
    attempts: z.number().int(),
    lastError: z.string().nullable().openapi({ description: "The last failed attempt's error (the SMTP server's answer)." }),
    nextAttemptAt: Timestamp.nullable().openapi({ description: 'When a pending email is tried next.' }),
    createdAt: Timestamp,
    sentAt: Timestamp.nullable(),
  })
  .openapi('MailOutboxEntry');

const OutboxQuery = PagingQuery.extend({
  status: z.enum(mailStatuses).optional(),
  to: z.string().trim().min(1).max(254).optional().openapi({ description: "Recipient's address (whole address, any case)." }),
  kind: z.string().trim().min(1).max(64).optional().openapi({ example: 'password_reset' }),
});

const OutboxIdParam = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/admin/mail/outbox',
  tags,
  summary: 'Emails in the outbox, newest first (every email the shop wrote, sent or not)',
  security,
  request: { query: OutboxQuery },
  responses: { 200: jsonContent(collectionOf(OutboxEntrySchema, 'MailOutboxCollection'), 'The outbox'), ...errorResponses, ...adminOnly },
});

const resendRoute = createRoute({
  method: 'post',
  path: '/admin/mail/outbox/{id}/resend',
  tags,
  summary: 'Queue a sent, failed or unsent email again (fresh attempts)',
  security,
  request: { params: OutboxIdParam },
  responses: {
    200: jsonContent(OutboxEntrySchema, 'Queued; the worker sends it within seconds'),
    ...errorResponses,
    ...adminOnly,
    409: jsonContent(ErrorSchema, 'The email is already waiting to be sent (`mail_pending`)'),
    503: jsonContent(ErrorSchema, 'No SMTP transport is configured (`mail_not_configured`)'),
  },
});

export const mailAdminRoutes = createRouter<AppEnv>()
  .openapi(listRoute, async (c) => {
    requireAdmin(c.var.caller);
    const { page, itemsPerPage, ...filter } = c.req.valid('query');
    const { member, totalItems } = await listOutbox(c.var.db, filter, { page, itemsPerPage });
    return c.json({ member, totalItems, page, itemsPerPage }, 200, noStore);
  })
  .openapi(resendRoute, async (c) => {
    requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    return c.json(await c.var.mailer.resend(c.var.db, id), 200, noStore);
  });
