import type { OpenAPIHono } from '@hono/zod-openapi';
import { apiPrefix } from '../docs/routes.ts';
import type { AppEnv } from '../http/context.ts';
import type { AnyRouter, DomainDefinition } from './define-domain.ts';
import { routeKeys } from './route-keys.ts';

/**
 * Mounts every domain's routers where they declare them: `public` at the root, `api` under
 * /api/rest/v2. Two domains claiming one route stop the start with both names, so no domain can
 * shadow another's route and the order of the list decides no request. The order is still the
 * OpenAPI document's order of paths (the document lists routes as they were mounted).
 */
export function mountDomains(app: OpenAPIHono<AppEnv>, domains: readonly DomainDefinition[]): void {
  const owners = new Map<string, string>();
  for (const domain of domains) {
    const mounts: (readonly [AnyRouter, string])[] = [...(domain.public ?? []).map((router) => [router, ''] as const), ...(domain.api ?? []).map((router) => [router, apiPrefix] as const)];
    for (const [router, prefix] of mounts) {
      for (const key of routeKeys(router, prefix)) {
        const holder = owners.get(key);
        if (holder && holder !== domain.id) throw new Error(`Route clash: ${key} is declared by domain ${holder} and by domain ${domain.id}.`);
        owners.set(key, domain.id);
      }
      app.route(prefix || '/', router);
    }
  }
}
