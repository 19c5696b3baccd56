import { defineDomain } from '../../platform/modules/define-domain.ts';
import { blogAdminRoutes, blogPostsAdminPages } from './admin.ts';
import { blogRoutes } from './routes.ts';

/** Blog posts as the storefront reads them. */
export const blog = defineDomain({ id: 'blog', api: [blogRoutes] });

/** Blog posts' admin: apart from `blog` only for the OpenAPI document's order of paths (domains/index.ts). */
export const blogAdmin = defineDomain({
  id: 'blog-admin',
  api: [blogAdminRoutes],
  adminPages: [{ path: '/blog-posts', pages: blogPostsAdminPages }],
  nav: [{ title: 'Blog posts', path: '/blog-posts', section: 'Content' }],
});
