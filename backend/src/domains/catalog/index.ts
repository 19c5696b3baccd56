import { Hono } from 'hono';
import type { AdminEnv } from '../../platform/admin/admin-env.ts';
import { defineDomain } from '../../platform/modules/define-domain.ts';
import { categoryAdminRoutes } from './categories/admin-routes.ts';
import { categoryAdminPages } from './categories/admin-pages.ts';
import { categoryRoutes } from './categories/routes.ts';
import { productActionPages } from './products/admin/actions-pages.ts';
import { productCsvPages } from './products/admin/csv-pages.ts';
import { productGridPages } from './products/admin/grid-page.ts';
import { productPages } from './products/admin/product-page.ts';
import { productAdminRoutes, productImageRoutes } from './products/admin-api-routes.ts';
import { productCsvRoutes } from './products/csv-routes.ts';
import { productRoutes } from './products/routes.ts';
import { urlRedirectRoutes } from './url-redirects-routes.ts';

/** Categories and products as the storefront reads them. */
export const catalog = defineDomain({ id: 'catalog', api: [categoryRoutes, productRoutes] });

/**
 * The admin's products: one router, its literal paths (/new, /import, /export.csv, /bulk) declared
 * before the pages of one product, whose /:id would take any of them for an id.
 */
const productAdminPages = new Hono<AdminEnv>().route('/', productActionPages).route('/', productCsvPages).route('/', productGridPages).route('/', productPages);

/**
 * The catalog's admin (and the storefront's URL redirects): apart from `catalog` only for the OpenAPI
 * document's order of paths (domains/index.ts). The CSV routes come first: /admin/products/export and
 * /import are literal paths the record routes' /admin/products/{id} would otherwise take for an id.
 */
export const catalogAdmin = defineDomain({
  id: 'catalog-admin',
  api: [categoryAdminRoutes, productCsvRoutes, productAdminRoutes, productImageRoutes, urlRedirectRoutes],
  adminPages: [
    { path: '/products', pages: productAdminPages },
    { path: '/categories', pages: categoryAdminPages },
  ],
  nav: [
    { title: 'Products', path: '/products', section: 'Catalog' },
    { title: 'Categories', path: '/categories', section: 'Catalog' },
  ],
});
