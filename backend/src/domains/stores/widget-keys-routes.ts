import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from './schemas.ts';
import { resolveStoreView } from './store-view.ts';
import { loadWidgetKeys, updateWidgetKeys, WidgetKeysInput } from './widget-keys.ts';

const tags = ['Admin: stores'];
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const adminOnly = { 401: jsonContent(ErrorSchema, 'No valid token'), 403: jsonContent(ErrorSchema, 'The token lacks the admin scope') };
const Input = WidgetKeysInput.openapi('WidgetKeysInput');
const Answer = z.object({ store: z.string(), paymentPublishableKey: z.string(), mapsKey: z.string() }).openapi('WidgetKeys');

const getRoute = createRoute({
  method: 'get',
  path: '/admin/widget-keys',
  tags,
  summary: 'A store view\'s public keys for the embeddable widget (payment publishable key, maps key)',
  security,
  middleware: [resolveStoreView] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(Answer, 'The keys'), ...errorResponses, ...adminOnly },
});
const putRoute = createRoute({
  method: 'put',
  path: '/admin/widget-keys',
  tags,
  summary: 'Replace a store view\'s widget keys (audited; the storefront has them after its next config sync)',
  security,
  middleware: [resolveStoreView] as const,
  request: { query: StoreQuery, headers: StoreHeaders, body: jsonBody(Input) },
  responses: { 200: jsonContent(Answer, 'The keys now in force'), ...errorResponses, ...adminOnly },
});

export const widgetKeysAdminRoutes = createRouter<StoreEnv>()
  .openapi(getRoute, async (c) => {
    requireAdmin(c.var.caller);
    return c.json({ store: c.var.store.code, ...(await loadWidgetKeys(c.var.db, c.var.store.id)) }, 200, noStore);
  })
  .openapi(putRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    return c.json({ store: c.var.store.code, ...(await updateWidgetKeys(c.var.db, c.var.store, c.req.valid('json'), actor)) }, 200, noStore);
  });
