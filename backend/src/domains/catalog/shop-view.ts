import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/context.ts';
import { customerViewKey } from '../customers/view-key.ts';

/** The response header that names the shared view a signed-in customer's catalog answer was made for. */
export const SHOP_VIEW_HEADER = 'X-Shop-View';

/**
 * States on a signed-in customer's catalog answer the view it was made for: `group-{id}`, or
 * `pl-{hash}-group-{id}` when a module prices them by a price-list set: the storefront's edge-cache
 * key of the session without its country part (src/lib/cache/group-key.ts). The storefront's cookie
 * holds the view it read from `GET /customers/me` up to a minute ago; when an admin has since changed
 * the customer's lists or group, this header differs and the storefront keeps no shared copy of the
 * page (it would be stored under the old view's key and served to that view's other customers).
 * Guests, API clients and admins get no header: their view is the guest's.
 *
 * Computed after the handler, so a change landing mid-request at worst names the newer view for an
 * answer priced by the older one; computed before, an answer priced by new lists could be labelled
 * with the old view, the very leak this header exists to stop.
 */
export const shopViewHeader = createMiddleware<AppEnv>(async function shopViewHeader(c, next) {
  await next();
  const caller = c.var.caller;
  if (!c.res.ok || caller.kind !== 'customer') return;
  const viewKey = await customerViewKey(c.var.hooks, { id: caller.customerId, groupId: caller.groupId });
  const group = `group-${caller.groupId}`;
  c.header(SHOP_VIEW_HEADER, viewKey ? `${viewKey}-${group}` : group);
});
