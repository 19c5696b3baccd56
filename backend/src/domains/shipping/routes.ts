import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../platform/auth/resolve-caller.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { ErrorSchema, errorResponses, jsonBody, jsonContent } from '../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';
import { loadShippingRules, updateShippingRules } from './rules.ts';

const tags = ['Admin: shipping'];
const security = [{ bearerAuth: [] }];
const noStore = { 'Cache-Control': 'no-store' };
const adminOnly = {
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'The token lacks the admin scope'),
};

const Amount = z.number().nonnegative().max(1_000_000).multipleOf(0.01);

export const ShippingRulesInput = z
  .object({
    flatRate: Amount.openapi({ description: 'Price of the flat-rate method', example: 5 }),
    freeShippingThreshold: Amount.nullable().openapi({ description: 'Subtotal from which free shipping is offered; null: never', example: 75 }),
    countryRates: z
      .record(z.string().regex(/^[A-Z]{2}$/, 'An ISO 3166-1 alpha-2 code, e.g. "US".'), Amount)
      .openapi({ description: 'The per-country table: ISO country code → rate', example: { US: 8, CA: 12 } }),
    otherCountriesRate: Amount.openapi({ description: 'The table\'s rate for countries it does not list', example: 25 }),
  })
  .strict()
  .openapi('ShippingRulesInput');

const ShippingRulesSchema = ShippingRulesInput.extend({
  store: z.string().openapi({ example: 'default' }),
  currency: z.string().length(3).openapi({ description: 'The store view\'s currency; every amount is in it', example: 'USD' }),
}).openapi('ShippingRules');

const getRoute = createRoute({
  method: 'get',
  path: '/admin/shipping',
  tags,
  summary: 'A store view\'s shipping rules (flat rate, free-shipping threshold, per-country table)',
  security,
  middleware: [resolveStoreView] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(ShippingRulesSchema, 'The rules'), ...errorResponses, ...adminOnly },
});

const putRoute = createRoute({
  method: 'put',
  path: '/admin/shipping',
  tags,
  summary: 'Replace a store view\'s shipping rules (recorded in the audit log)',
  description: 'The storefront shows the free-shipping threshold from the store config after its next sync.',
  security,
  middleware: [resolveStoreView] as const,
  request: { query: StoreQuery, headers: StoreHeaders, body: jsonBody(ShippingRulesInput) },
  responses: { 200: jsonContent(ShippingRulesSchema, 'The rules now in force'), ...errorResponses, ...adminOnly },
});

export const shippingAdminRoutes = createRouter<StoreEnv>()
  .openapi(getRoute, async (c) => {
    requireAdmin(c.var.caller);
    const { store } = c.var;
    return c.json({ store: store.code, currency: store.baseCurrencyCode, ...(await loadShippingRules(c.var.db, store.id)) }, 200, noStore);
  })
  .openapi(putRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { store } = c.var;
    const rules = await updateShippingRules(c.var.db, store, c.req.valid('json'), actor);
    return c.json({ store: store.code, currency: store.baseCurrencyCode, ...rules }, 200, noStore);
  });
