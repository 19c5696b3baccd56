import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { LoginThrottle, type ThrottleOptions } from '../auth/login-throttle.ts';
import type { AppEnv } from '../http/context.ts';
import type { DomainDefinition } from '../modules/define-domain.ts';
import type { ModulePlatform } from '../modules/platform.ts';
import { configPage } from './config-form.ts';
import type { AdminEnv } from './admin-env.ts';
import { checkCsrf } from './csrf.ts';
import { loginRoutes } from './login.ts';
import { passwordResetRoutes } from './password-reset-pages.ts';
import { formFields } from './page.ts';
import { dashboardPage } from './dashboard.ts';
import { currentSession, endSession } from './sessions.ts';
import { richTextEditor } from './rich-text.ts';
import { adminScript } from './script.ts';
import { stampSaves } from './save-stamp.ts';
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

/**
 * Mounts /admin: login and password reset, the dashboard, each domain's pages (domains/index.ts
 * declares them), then each module's configuration page and own pages. The navigation lists the
 * domains' links, then the modules'; the layout groups them by section. `adminUrl`: ADMIN_URL, the
 * admin's public origin for emailed links (password-reset-pages.ts).
 */
export function mountAdmin(
  app: OpenAPIHono<AppEnv>,
  { domains, modules }: { domains: readonly DomainDefinition[]; modules: ModulePlatform },
  throttleOptions: ThrottleOptions,
  adminUrl?: string,
): void {
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
  const nav = [...domains.flatMap((domain) => domain.nav ?? []), ...modules.modules.flatMap((module) => module.admin?.nav ?? [])];
  pages.use(requireAdmin(nav));
  pages.use(stampSaves);
  pages.post('/logout', async (c) => {
    await endSession(c, c.var.db);
    return c.redirect('/admin/login', 303);
  });
  pages.route('/', dashboardPage);
  for (const domain of domains) for (const group of domain.adminPages ?? []) pages.route(group.path, group.pages);
  for (const module of modules.modules) {
    if (module.config) pages.route(`/${module.id}/config`, configPage(module));
    if (module.routes?.admin) pages.route(`/${module.id}`, module.routes.admin);
  }
  admin.route('/', pages);
  app.route('/admin', admin);
}
