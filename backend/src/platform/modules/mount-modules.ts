import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { requireAdminToken } from '../auth/require-admin-token.ts';
import { apiPrefix } from '../docs/routes.ts';
import { createRouter } from '../http/router.ts';
import type { AppEnv } from '../http/context.ts';
import { configRoutes } from './config-routes.ts';
import type { AnyModule } from './define-module.ts';
import { routeKeys } from './route-keys.ts';

/**
 * Mounts every module's routes where it declares them (DECISIONS.md 26): `api` under /api/rest/v2,
 * `adminApi` under /api/rest/v2/admin/<id> behind an admin token, `public` at the root, the discovery
 * endpoint and the configuration API. A path that two modules, or a module and the core, both claim
 * stops the start with both names: silently shadowing one would be found only in production.
 */
export function mountModules(app: OpenAPIHono<AppEnv>, modules: readonly AnyModule[]): void {
  const owners = new Map<string, string>(routeKeys(app as unknown as Hono<AppEnv>, '').map((key) => [key, 'the core']));
  const claim = (router: Hono<AppEnv>, prefix: string, owner: string) => {
    for (const key of routeKeys(router, prefix)) {
      const holder = owners.get(key);
      if (holder && holder !== owner) throw new Error(`Route clash: ${key} is declared by ${holder} and by module ${owner}.`);
      owners.set(key, owner);
    }
  };
  for (const module of modules) {
    const mounts: [Hono<AppEnv>, string][] = [];
    if (module.routes?.api) {
      // /api/rest/v2/admin/* is the admin API: a route there outside routes.adminApi would skip the admin token check.
      const adminPath = module.routes.api.routes.map((route) => route.path).find((path) => path === '/admin' || path.startsWith('/admin/'));
      if (adminPath) throw new Error(`Module ${module.id}: API route ${adminPath} belongs in routes.adminApi, behind the admin token.`);
      mounts.push([module.routes.api, apiPrefix]);
    }
    if (module.routes?.public) {
      const publicPaths = module.routes.public.routes.map((route) => route.path);
      const reserved = publicPaths.find((path) => path.startsWith(apiPrefix) || path.startsWith('/admin'));
      if (reserved) throw new Error(`Module ${module.id}: public route ${reserved} belongs in routes.api or routes.admin.`);
      mounts.push([module.routes.public, '']);
    }
    if (module.routes?.adminApi) {
      // An OpenAPIHono wrapper, so the module's documented routes reach /api/rest/v2/docs.json.
      const adminApi = createRouter<AppEnv>().use('*', requireAdminToken).route('/', module.routes.adminApi);
      mounts.push([adminApi, `${apiPrefix}/admin/${module.id}`]);
    }
    if (module.config) mounts.push([configRoutes(module), '']);
    if (module.discovery) {
      const { answer } = module.discovery;
      const discovery = new Hono<AppEnv>().get(`${apiPrefix}/b2b/${module.discovery.code}/config`, async (c) => {
        const ctx = c.var.modules.context(module.id, {});
        c.header('Cache-Control', 'public, max-age=60');
        return c.json((await answer(await ctx.config(), ctx)) as object);
      });
      mounts.push([discovery, '']);
    }
    for (const [router, prefix] of mounts) {
      claim(router, prefix, module.id);
      app.route(prefix || '/', router);
    }
  }
}
