import { AppError } from '../../../platform/errors.ts';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { AccessConfig } from '../config.ts';
import { isStoreWideWall } from '../engine/evaluate.ts';
import type { AccessContext } from '../context.ts';

/** Said when the notice is blank: the 401 body always carries a sentence for a human (DECISIONS.md 2). */
const defaultLoginMessage = 'Sign in to see this store.';

/** The CMS pages a walled store still shows guests: the exempt ones and a CMS wall target. */
function openCmsPages(config: AccessConfig): Set<string> {
  const open = new Set(config.loginWall.exemptCmsPages);
  if (config.loginWall.redirectTo.startsWith('cms:')) open.add(config.loginWall.redirectTo.slice(4));
  return open;
}

/**
 * `catalog.guestRead` (DECISIONS.md 49): while the login wall covers the whole store for guests, a
 * guest's read of catalog and content data answers 401 `login_required` with the wall's notice, as
 * the storefront sends the same guest to the sign-in page; only the CMS pages the wall leaves open
 * are read by identifier. A wall limited to some categories or groups (or rules) closes no route:
 * those products' own records carry `requiresLogin`.
 */
export async function refuseWalledGuestRead(input: HookMap['catalog.guestRead'], ctx: AccessContext): Promise<void> {
  const config = await ctx.config();
  if (!isStoreWideWall(config)) return;
  if (input.resource === 'cms-pages' && input.cmsIdentifier !== null && openCmsPages(config).has(input.cmsIdentifier)) return;
  throw loginRequired(config);
}

/**
 * `cart.validateAdd` behind the same wall: a cart line answers the product's name and price, so a
 * guest who may not read the catalog may not fill a cart by SKU either (the storefront never offers
 * it; this closes the API). The wall's notice says what to do, as on the reads.
 */
export async function refuseWalledGuestCart(input: HookMap['cart.validateAdd'], ctx: AccessContext): Promise<void> {
  if (input.caller.kind !== 'guest') return;
  const config = await ctx.config();
  if (isStoreWideWall(config)) throw loginRequired(config);
}

function loginRequired(config: AccessConfig): AppError {
  return new AppError('unauthorized', 'login_required', config.loginWall.notice.trim() || defaultLoginMessage);
}
