import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { auditLogPage } from '../audit/admin-page.ts';
import { LoginThrottle, type ThrottleOptions } from '../auth/login-throttle.ts';
import type { AppEnv } from '../http/context.ts';
import type { ModulePlatform } from '../modules/platform.ts';
import { configPage } from './config-form.ts';
import type { AdminEnv } from './admin-env.ts';
import { checkCsrf } from './csrf.ts';
import { navigation } from './layout.ts';
import { loginRoutes } from './login.ts';
import { passwordResetRoutes } from './password-reset-pages.ts';
import { formFields } from './page.ts';
import { apiClientPages } from '../auth/api-client-pages.ts';
import { customerGroupPages } from '../../domains/customers/admin-group-pages.ts';
import { customerPages } from '../../domains/customers/admin-pages.ts';
import { dashboardPage } from './dashboard.ts';
import { mailPages } from '../mail/admin-pages.ts';
import { orderPages } from '../../domains/orders/admin-pages.ts';
import { productPages } from '../../domains/catalog/products/admin-pages.ts';
import { shippingPages } from '../../domains/shipping/admin-pages.ts';
import { widgetKeysPages } from '../../domains/stores/widget-keys-pages.ts';
import { eventsPage } from '../events/admin-page.ts';
import { cmsPagesAdminPages } from '../../domains/cms/admin.ts';
import { blogPostsAdminPages } from '../../domains/blog/admin.ts';
import { categoryAdminPages } from '../../domains/catalog/categories/admin-pages.ts';
import { productActionPages } from '../../domains/catalog/products/admin-actions-pages.ts';
import { productCsvPages } from '../../domains/catalog/products/admin-csv-pages.ts';
import { productGridPages } from '../../domains/catalog/products/admin-grid.ts';
import { modulesPage } from '../modules/admin-page.ts';
import { currentSession, endSession } from './sessions.ts';
import { richTextEditor } from './rich-text.ts';
import { adminScript } from './script.ts';
import { adminStylesheet } from './stylesheet.ts';

/**
 * Every page behind this needs a session; every POST must carry the session's CSRF token (forms
 * include it as `_csrf`). Unauthenticated page views go to the login form.
 */
function requireAdmin(nav: AdminEnv['Variables']['adminNav']) {
  return createMiddleware<AdminEnv>(async function requireAdmin(c, next) {
    const session = await currentSession(c, c.var.db);
    if (!session) return c.req.method === 'GET' ? c.redirect('/admin/login', 303) : c.text('Your admin session ended; sign in again.', 401);
    if (c.req.method === 'POST') checkCsrf((await formFields(c))._csrf, session.csrfToken);
    c.set('admin', session.admin);
    c.set('csrfToken', session.csrfToken);
    c.set('adminNav', nav);
    await next();
  });
}

/** Mounts /admin: login, the core pages, then each module's configuration page and own pages. */
/** `adminUrl`: ADMIN_URL, the admin's public origin for emailed links (password-reset-pages.ts). */
export function mountAdmin(app: OpenAPIHono<AppEnv>, platform: ModulePlatform, throttleOptions: ThrottleOptions, adminUrl?: string): void {
  const admin = new Hono<AppEnv>();
  admin.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], formAction: ["'self'"], frameAncestors: ["'none'"] },
      xFrameOptions: 'DENY',
      // A page with its own stricter policy keeps it (a content preview forbids every script).
      overwrite: false,
    }),
  );
  admin.route('/', adminStylesheet);
  admin.route('/', adminScript);
  admin.route('/', richTextEditor);
  admin.route('/', loginRoutes(new LoginThrottle(throttleOptions)));
  admin.route('/', passwordResetRoutes({ adminUrl }));

  const pages = new Hono<AdminEnv>();
  pages.use(requireAdmin(navigation(platform.modules.flatMap((module) => module.admin?.nav ?? []))));
  pages.post('/logout', async (c) => {
    await endSession(c, c.var.db);
    return c.redirect('/admin/login', 303);
  });
  pages.route('/', dashboardPage);
  // New product, images and Delete first: the product page's routes would take /new for an id.
  pages.route('/products', productActionPages);
  pages.route('/products', productCsvPages);
  pages.route('/products', productGridPages);
  pages.route('/products', productPages);
  pages.route('/categories', categoryAdminPages);
  pages.route('/customers', customerPages);
  pages.route('/customer-groups', customerGroupPages);
  pages.route('/orders', orderPages);
  pages.route('/cms-pages', cmsPagesAdminPages);
  pages.route('/blog-posts', blogPostsAdminPages);
  pages.route('/shipping', shippingPages);
  pages.route('/widget-keys', widgetKeysPages);
  pages.route('/api-clients', apiClientPages);
  pages.route('/modules', modulesPage);
  pages.route('/events', eventsPage);
  pages.route('/audit-log', auditLogPage);
  pages.route('/mail', mailPages);
  for (const module of platform.modules) {
    if (module.config) pages.route(`/${module.id}/config`, configPage(module));
    if (module.routes?.admin) pages.route(`/${module.id}`, module.routes.admin);
  }
  admin.route('/', pages);
  app.route('/admin', admin);
}
