import type { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { ErrorSchema, jsonContent } from '../../platform/http/schemas.ts';
import type { GuestReadResource } from './guest-read-resource.ts';

/**
 * Guest reads of catalog and content data pass the `catalog.guestRead` hook first, so a module can
 * close them (B2B Access's store-wide login wall, DECISIONS.md 49). One list of routes, here, so a
 * new catalog route is closed by adding it to it rather than by a check inside each handler.
 * Countries, store config, discovery, auth, registration and the cart stay outside: a guest needs
 * them to sign in or apply.
 */

/** Paths under the API prefix; `/x/*` also matches `/x`. */
const guestReadPaths: Record<GuestReadResource, string> = {
  products: '/products/*',
  search: '/search/*',
  categories: '/categories/*',
  'url-redirects': '/url-redirects/*',
  'blog-posts': '/blog-posts/*',
  'cms-pages': '/cms-pages/*',
};

function guardGuestReads(resource: GuestReadResource) {
  return createMiddleware<AppEnv>(async function guardGuestReads(c, next) {
    const { hooks, caller, fromStorefront } = c.var;
    if (caller.kind !== 'guest' || !hooks.has('catalog.guestRead') || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const cmsIdentifier = resource === 'cms-pages' ? (c.req.query('identifier') ?? null) : null;
    try {
      await hooks.run('catalog.guestRead', { resource, cmsIdentifier });
    } catch (error) {
      // The storefront's own reads (its sync) see what a guest would if let in: the guest view it
      // keeps behind its own wall (DECISIONS.md 43, 49). No shared cache may hand that answer to a
      // guest who is not let in, so it goes out private.
      if (!(error instanceof AppError) || !fromStorefront) throw error;
      await next();
      c.header('Cache-Control', 'private, no-store');
      return;
    }
    await next();
  });
}

/** Puts the guard in front of every guest-readable catalog and content route under `prefix`. */
export function guardCatalogGuestReads(app: OpenAPIHono<AppEnv>, prefix: string): void {
  for (const [resource, path] of Object.entries(guestReadPaths) as [GuestReadResource, string][]) app.use(`${prefix}${path}`, guardGuestReads(resource));
}

/** What a guest read may answer when a module closes it (DECISIONS.md 49), in the OpenAPI document. */
const loginRequired = jsonContent(
  ErrorSchema,
  'Sign-in required: a store-wide login wall (B2B Access) closes catalog and content reads to guests. `{"error": "login_required", "message": <the wall\'s notice>}`',
);

/**
 * Documents the 401 `login_required` answer on every guest-readable GET route under `prefix`: the
 * guard stands in front of routes it does not define, so their own definitions do not say it. Runs
 * once the routes are mounted and before the document is first generated; each route definition of
 * the root registry is its own copy (mounting copies it), so no router's definition changes.
 */
export function documentGuestReadRefusal(app: OpenAPIHono<AppEnv>, prefix: string): void {
  const bases = Object.values(guestReadPaths).map((path) => `${prefix}${path.replace(/\/\*$/, '')}`);
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || definition.route.method !== 'get') continue;
    const { path, responses } = definition.route;
    if (!bases.some((base) => path === base || path.startsWith(`${base}/`)) || responses[401] !== undefined) continue;
    definition.route.responses = { ...responses, 401: loginRequired };
  }
}
