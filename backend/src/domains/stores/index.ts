import { defineDomain } from '../../platform/modules/define-domain.ts';
import { storeRoutes } from './routes.ts';
import { widgetKeysPages } from './widget-keys-pages.ts';
import { widgetKeysAdminRoutes } from './widget-keys-routes.ts';

/** The store views' public settings. */
export const stores = defineDomain({ id: 'stores', api: [storeRoutes] });

/**
 * The widget keys' admin. A declaration apart from `stores` only because the OpenAPI document lists
 * paths in mount order and lists these among the admin routes (domains/index.ts).
 */
export const storesAdmin = defineDomain({
  id: 'stores-admin',
  api: [widgetKeysAdminRoutes],
  adminPages: [{ path: '/widget-keys', pages: widgetKeysPages }],
  nav: [{ title: 'Widget keys', path: '/widget-keys', section: 'Stores' }],
});
