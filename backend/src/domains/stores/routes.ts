import { createRoute } from '@hono/zod-openapi';
import { storeConfigSchema } from '../../../../contracts/store-config.ts';
import { asc } from 'drizzle-orm';
import { stores } from '../../platform/db/schema/index.ts';
import { publicCatalogCache } from '../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import type { ShippingRules } from '../shipping/methods.ts';
import { loadShippingRules } from '../shipping/rules.ts';
import { StoreHeaders, StoreListSchema, StoreQuery } from './schemas.ts';
import { resolveStoreView, type StoreView } from './store-view.ts';

const listStoresRoute = createRoute({
  method: 'get',
  path: '/stores',
  tags: ['Stores'],
  summary: 'Store views',
  middleware: [publicCatalogCache] as const,
  responses: { 200: jsonContent(StoreListSchema, 'All store views') },
});

const storeConfigRoute = createRoute({
  method: 'get',
  path: '/store-config',
  tags: ['Stores'],
  summary: 'Configuration of the requested store view',
  middleware: [resolveStoreView, publicCatalogCache] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: { 200: jsonContent(storeConfigSchema, 'Store configuration'), 404: errorResponses[404] },
});

/** The payment side of the widget's config: the default provider and its public key (the store's own wins). */
export interface WidgetPayment {
  provider: 'test' | 'stripe';
  publishableKey: string | null;
}

export function storeConfigOf(store: StoreView, shipping: ShippingRules, payment: WidgetPayment) {
  return {
    storeCode: store.code,
    storeName: store.name,
    description: store.description,
    baseCurrencyCode: store.baseCurrencyCode,
    locale: store.locale,
    timezone: store.timezone,
    defaultCountry: store.defaultCountry,
    allowedCountries: store.allowedCountries,
    logoUrl: store.logoUrl,
    accentColor: store.accentColor,
    contactEmail: store.contactEmail,
    productsPerPage: store.productsPerPage,
    shipping: { freeShippingThreshold: shipping.freeShippingThreshold, currency: store.baseCurrencyCode },
    widget: {
      paymentProvider: payment.provider,
      paymentPublishableKey: store.paymentPublishableKey || payment.publishableKey || '',
      mapsKey: store.mapsKey || null,
    },
    extensions: {},
  };
}

export const storeRoutes = createRouter<StoreEnv>()
  .openapi(listStoresRoute, async (c) => {
    const rows = await c.var.db.select().from(stores).orderBy(asc(stores.position), asc(stores.id));
    const member = rows.map((s) => ({
      code: s.code,
      name: s.name,
      isDefault: s.isDefault,
      baseCurrencyCode: s.baseCurrencyCode,
      locale: s.locale,
    }));
    return c.json({ member, totalItems: member.length }, 200);
  })
  .openapi(storeConfigRoute, async (c) => {
    const { payments } = c.var;
    const payment: WidgetPayment = { provider: payments.defaultCode === 'stripe' ? 'stripe' : 'test', publishableKey: payments.get(payments.defaultCode)?.publishableKey ?? null };
    return c.json(storeConfigOf(c.var.store, await loadShippingRules(c.var.db, c.var.store.id), payment), 200);
  });
