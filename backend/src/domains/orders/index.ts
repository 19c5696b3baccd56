import { defineDomain } from '../../platform/modules/define-domain.ts';
import { orderPages } from './admin-pages.ts';
import { orderAdminRoutes } from './admin-routes.ts';
import { orderRoutes } from './routes.ts';

/** Customers' and guests' orders; the orders' admin. */
export const orders = defineDomain({
  id: 'orders',
  api: [orderRoutes, orderAdminRoutes],
  adminPages: [{ path: '/orders', pages: orderPages }],
  nav: [{ title: 'Orders', path: '/orders', section: 'Sales' }],
});
