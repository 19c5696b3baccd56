import { defineDomain } from '../../platform/modules/define-domain.ts';
import { cmsAdminRoutes, cmsPagesAdminPages } from './admin.ts';
import { cmsRoutes } from './routes.ts';

/** CMS pages as the storefront reads them. */
export const cms = defineDomain({ id: 'cms', api: [cmsRoutes] });

/** CMS pages' admin: apart from `cms` only for the OpenAPI document's order of paths (domains/index.ts). */
export const cmsAdmin = defineDomain({
  id: 'cms-admin',
  api: [cmsAdminRoutes],
  adminPages: [{ path: '/cms-pages', pages: cmsPagesAdminPages }],
  nav: [{ title: 'CMS pages', path: '/cms-pages', section: 'Content' }],
});
