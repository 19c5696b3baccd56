import { Hono } from 'hono';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { AdminNavItem } from '../../../platform/admin/nav-item.ts';
import { companiesPages } from './companies-pages.ts';
import { explainPage } from './explain-page.ts';
import { itemPages } from './item-pages.ts';
import { itemsCsvPages } from './items-csv-pages.ts';
import { priceListsPages } from './price-lists-pages.ts';

/** Customers → Companies; Catalog → Price lists and the price explainer (the configuration page is generated). */
export const pricingAdminNav: AdminNavItem[] = [
  { title: 'Companies', path: '/b2b-pricing/companies', section: 'Customers' },
  { title: 'Price lists', path: '/b2b-pricing/price-lists', section: 'Catalog' },
  { title: 'Price explainer', path: '/b2b-pricing/explain', section: 'Catalog' },
];

/** The module's admin pages, mounted by the core at /admin/b2b-pricing behind the admin session and CSRF check. */
export const pricingAdmin = new Hono<AdminEnv>()
  .route('/companies', companiesPages)
  .route('/price-lists', itemsCsvPages)
  .route('/price-lists', itemPages)
  .route('/price-lists', priceListsPages)
  .route('/explain', explainPage);
