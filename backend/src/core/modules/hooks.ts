import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/database.ts';

/** Where a hook runs: `db` is the transaction the core has open, so a handler's writes commit or roll back with it. */
export interface HookRunOptions {
  db?: Db;
}

/**
 * Named extension points owned by the core. A hook runs before the core acts and vetoes by throwing
 * an AppError (e.g. a pending customer asking for a token, a blocked purchase). They stand where
 * SPEC.md's server-side observer events act: `catalog_product_type_prepare_full_options` (refuse an
 * unauthorised add-to-cart) is `cart.validateAdd`; token refusal for pending customers is
 * `auth.beforeIssueToken` (password grant, login and refresh).
 */
export interface HookMap {
  /** Before a token is issued to a customer (password grant and login). */
  'auth.beforeIssueToken': { customerId: number; email: string; groupId: number };
  /**
   * Before an item is added to a cart or its quantity changed (`qty` is the line's new quantity).
   * A bundle's chosen parts each come through too, after the bundle, with `partOf` naming the bundle
   * and `qty` the part's units (selection quantity × bundles); other calls have no `partOf`.
   */
  'cart.validateAdd': { caller: Caller; productId: number; sku: string; qty: number; storeId: number; partOf?: { productId: number; sku: string } };
  /** Before an order is written. */
  'checkout.beforePlaceOrder': { caller: Caller; cartId: number; shippingCountry: string; storeId: number };
  /**
   * Once per request that reads products, before its queries: handlers `hide` the products this caller
   * may not see (absent from listings, category counts, search and related products; their detail is
   * 404). `country` is the signed-in customer's default shipping country, else null.
   */
  'catalog.visibility': { caller: Caller; storeId: number; country: string | null; hide(productIds: Iterable<number>): void };
}

export type HookName = keyof HookMap;

/** A handler as the registry holds it: the platform has bound the module's context, given the hook's db. */
type BoundHandler<H extends HookName> = (input: HookMap[H], db: Db | undefined) => void | Promise<void>;

export class HookRegistry {
  readonly #handlers = new Map<HookName, BoundHandler<never>[]>();

  register<H extends HookName>(hook: H, handler: BoundHandler<H>): void {
    this.#handlers.set(hook, [...(this.#handlers.get(hook) ?? []), handler as BoundHandler<never>]);
  }

  /** Whether any handler is registered, so the core can skip the work a hook's input costs. */
  has(hook: HookName): boolean {
    return (this.#handlers.get(hook)?.length ?? 0) > 0;
  }

  /** Runs every handler in registration order; the first that throws decides. */
  async run<H extends HookName>(hook: H, input: HookMap[H], options: HookRunOptions = {}): Promise<void> {
    for (const handler of this.#handlers.get(hook) ?? []) await (handler as BoundHandler<H>)(input, options.db);
  }
}
