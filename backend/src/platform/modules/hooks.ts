import type { AuditActor } from '../audit/service.ts';
import type { Caller } from '../auth/caller.ts';
import type { Db } from '../db/database.ts';
import type { ApprovalStatus } from '../db/schema/index.ts';
import type { GuestReadResource } from '../../domains/catalog/guest-read-resource.ts';

/** Where a hook runs: `db` is the transaction the core has open, so a handler's writes commit or roll back with it. */
export interface HookRunOptions {
  db?: Db;
}

/**
 * Named extension points owned by the core. A hook runs before the core acts and vetoes by throwing
 * an AppError (e.g. a pending customer asking for a token, a blocked purchase). They stand where
 * SPEC.md's server-side observer events act: `catalog_product_type_prepare_full_options` (refuse an
 * unauthorised add-to-cart) is `cart.validateAdd`; token refusal for pending customers is
 * `auth.beforeIssueToken` (password grant, login and refresh). Handlers may also contribute a decision
 * by setting the writable fields of the input (e.g. `approvalStatus` of `customer.beforeCreate`).
 */
export interface HookMap {
  /**
   * Before a token is issued to a customer: password grant, /auth/login and refresh_token. Refuse with
   * your own AppError (e.g. `accountPendingApproval(message)` from domains/customers/approval.ts), or set
   * `approvalStatus` to decide otherwise; after the handlers the core refuses any account whose
   * `approvalStatus` is not `active` with its default message (platform/auth/token-gate.ts).
   */
  'auth.beforeIssueToken': { customerId: number; email: string; groupId: number; approvalStatus: ApprovalStatus };
  /**
   * Inside the registration transaction, before the customer row is written (POST /customers). Set
   * `approvalStatus` (e.g. "pending") to decide the new account's status; the other fields are read-only.
   */
  'customer.beforeCreate': { readonly email: string; readonly firstName: string; readonly lastName: string; readonly storeId?: number; approvalStatus: ApprovalStatus };
  /**
   * Inside the transaction of a status change (changeCustomerStatus in domains/customers/status.ts: the
   * approve, decline and set-pending actions of any grid), after the row is locked and before it is
   * written. A thrown AppError vetoes: the whole change rolls back. Runs when `from` equals `to` too (an
   * approval of an active customer may still complete a module's pending work). A handler that emailed
   * the customer about this change itself sets `customerNotified`, so a later one sends no generic
   * email on top (handlers run in the order of the module ids).
   */
  'customer.statusChanging': { readonly customerId: number; readonly from: ApprovalStatus; readonly to: ApprovalStatus; readonly actor: AuditActor; customerNotified: boolean };
  /**
   * Before an item is added to a cart or its quantity changed (`qty` is the line's new quantity,
   * `previousQty` what it held before: 0 for a new line, so a module can tell an increase from a
   * decrease). A bundle's chosen parts each come through too, after the bundle, with `partOf` naming
   * the bundle and both quantities in the part's units (selection quantity × bundles); other calls
   * have no `partOf`.
   */
  'cart.validateAdd': { caller: Caller; productId: number; sku: string; qty: number; previousQty: number; storeId: number; partOf?: { productId: number; sku: string } };
  /**
   * Whenever a cart is read for its owner (the cart answer, shipping quotes, payment and place-order
   * totals, so the order and its emails too): handlers `withhold` the lines the caller may no longer
   * see, e.g. a product or price hidden from them after it was added (DECISIONS.md 61). Withheld lines
   * are left out of the view, its totals and the order; they stay stored, and come back if access does.
   */
  'cart.view': { caller: Caller; cartId: number; storeId: number; withhold(itemIds: Iterable<number>): void };
  /**
   * While a cart view is priced (the cart answer, shipping quotes, payment and place-order totals, so
   * the order too), after `cart.view`: `lines` are the lines priced by their product alone (bundles,
   * downloads and gift cards, priced from their choices, are not among them), each at the catalog's
   * unit price for the cart's store view. A handler `price`s a line for its quantity (B2B Pricing: a
   * price list's quantity break); a later handler's price replaces an earlier one's.
   */
  'cart.priceLines': {
    caller: Caller;
    storeId: number;
    lines: ReadonlyArray<{ readonly id: number; readonly productId: number; readonly sku: string; readonly qty: number; readonly unitPrice: number }>;
    price(lineId: number, unitPrice: number): void;
  };
  /**
   * When the signed-in customer's own account is read (`GET /customers/me`, which the storefront's
   * session re-reads every minute): a module that shows this customer prices apart from their group
   * sets `viewKey`, the name of the shared view they see (B2B Pricing: `pl-{hash of their ordered
   * price list codes}`), which the storefront's edge cache keys their pages by. Never anything of one
   * customer: customers who see the same prices share the key.
   */
  'customer.viewKey': { readonly customerId: number; readonly groupId: number; viewKey: string | null };
  /** Before an order is written. */
  'checkout.beforePlaceOrder': { caller: Caller; cartId: number; shippingCountry: string; storeId: number };
  /**
   * When checkout lists the payment methods for a caller in a store view (`GET /payment-methods`,
   * place-order's check of the method chosen): a module `offer`s a method paid on account, listed after
   * the card providers (B2B Pricing: `purchase_order` to the buyers of a company with payment terms).
   */
  'checkout.paymentMethods': { readonly caller: Caller; readonly storeId: number; readonly currency: string; offer(method: OnAccountMethod): void };
  /**
   * Inside place-order's transaction, after the stock is taken and the order row written, for an order
   * paid on account with a method a module offered: that module checks and records it (B2B Pricing
   * locks the company and refuses with 402 `credit_limit`) and `accept`s it with the day payment is due.
   * An order no handler accepts is refused and rolls back whole.
   */
  'checkout.placeOnAccount': {
    readonly caller: Caller;
    readonly method: string;
    readonly poNumber: string;
    readonly storeId: number;
    readonly order: { readonly id: number; readonly number: string; readonly currency: string; readonly grandTotal: number };
    accept(terms: { paymentDueAt: Date }): void;
  };
  /**
   * Once per request that reads products, before its queries: handlers `hide` the products this caller
   * may not see (absent from listings, category counts, search and related products; their detail is
   * 404). `country` is the signed-in customer's default shipping country, else null.
   */
  'catalog.visibility': { caller: Caller; storeId: number; country: string | null; hide(productIds: Iterable<number>): void };
  /**
   * Before a guest reads catalog or content data (domains/catalog/guest-reads.ts: products, search,
   * categories, URL redirects, blog posts, CMS pages). Refuse with an AppError, e.g. a store-wide
   * login wall's 401 `login_required`. The storefront's own reads (its sync) are admitted whatever
   * the handlers say, and their answers kept out of shared caches. `cmsIdentifier` is the page a
   * `/cms-pages?identifier=` read names, else null.
   */
  'catalog.guestRead': { readonly resource: GuestReadResource; readonly cmsIdentifier: string | null };
}

/** A payment method paid on account, which the buyer pays later against a purchase-order number. */
export interface OnAccountMethod {
  code: string;
  title: string;
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
