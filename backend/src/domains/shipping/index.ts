import { defineDomain } from '../../platform/modules/define-domain.ts';
import { shippingPages } from './admin-pages.ts';
import { shippingAdminRoutes } from './routes.ts';

/** The shipping methods' configuration (checkout offers them). */
export const shipping = defineDomain({
  id: 'shipping',
  api: [shippingAdminRoutes],
  adminPages: [{ path: '/shipping', pages: shippingPages }],
  nav: [{ title: 'Shipping', path: '/shipping', section: 'Stores' }],
});
