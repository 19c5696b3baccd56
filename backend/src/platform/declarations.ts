import { auditLogPage } from './audit/admin-page.ts';
import { auditRoutes } from './audit/routes.ts';
import { apiClientPages } from './auth/api-client-pages.ts';
import { authRoutes } from './auth/routes.ts';
import { eventsPage } from './events/admin-page.ts';
import { healthRoutes } from './health.ts';
import { mailPages } from './mail/admin-pages.ts';
import { mailAdminRoutes } from './mail/routes.ts';
import { modulesPage } from './modules/admin-page.ts';
import { defineDomain } from './modules/define-domain.ts';

/** The platform's own routes and pages, declared as the domains declare theirs (domains/index.ts mounts them in one list). */
export const health = defineDomain({ id: 'health', public: [healthRoutes] });

export const modulesAdmin = defineDomain({
  id: 'modules',
  adminPages: [{ path: '/modules', pages: modulesPage }],
  nav: [{ title: 'Modules', path: '/modules', section: 'System' }],
});

export const events = defineDomain({
  id: 'events',
  adminPages: [{ path: '/events', pages: eventsPage }],
  nav: [{ title: 'Events', path: '/events', section: 'System' }],
});

export const auth = defineDomain({
  id: 'auth',
  api: [authRoutes],
  adminPages: [{ path: '/api-clients', pages: apiClientPages }],
  nav: [{ title: 'API clients', path: '/api-clients', section: 'System' }],
});

export const audit = defineDomain({
  id: 'audit',
  api: [auditRoutes],
  adminPages: [{ path: '/audit-log', pages: auditLogPage }],
  nav: [{ title: 'Audit log', path: '/audit-log', section: 'System' }],
});

export const mail = defineDomain({
  id: 'mail',
  api: [mailAdminRoutes],
  adminPages: [{ path: '/mail', pages: mailPages }],
  nav: [{ title: 'Mail', path: '/mail', section: 'System' }],
});
