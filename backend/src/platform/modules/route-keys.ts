import type { AnyRouter } from './define-domain.ts';

/** "GET /api/rest/v2/products/:" — a route as clash checks compare them (parameter names do not matter). */
export function routeKeys(router: AnyRouter, prefix: string): string[] {
  return router.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${`${prefix}${route.path}`.replace(/\/+$/, '').replace(/:[^/{}]+(\{[^}]*\})?/g, ':')}`);
}
