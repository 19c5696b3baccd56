import { defineDomain } from '../../platform/modules/define-domain.ts';
import { customerGroupPages } from './admin-group-pages.ts';
import { customerPages } from './admin-pages.ts';
import { customerAdminRoutes } from './admin-routes.ts';
import { customerRoutes } from './routes.ts';

/** Accounts, addresses and passwords; the customers' and customer groups' admin. */
export const customers = defineDomain({
  id: 'customers',
  api: [customerRoutes, customerAdminRoutes],
  adminPages: [
    { path: '/customers', pages: customerPages },
    { path: '/customer-groups', pages: customerGroupPages },
  ],
  nav: [
    { title: 'Customers', path: '/customers', section: 'Customers' },
    { title: 'Customer groups', path: '/customer-groups', section: 'Customers' },
  ],
});
