import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Db } from '../../platform/db/database.ts';
import { customerAddresses, products } from '../../platform/db/schema/index.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import type { HookRegistry } from '../../platform/modules/hooks.ts';

/**
 * Which products the caller may not see (core hook `catalog.visibility`, DECISIONS.md 30): they are
 * absent from listings, category counts, search and related products, and their detail answers 404.
 * The hook runs at most once per request, and only when a route reads products and a module has
 * registered a handler; without a handler nothing is queried and no query changes.
 */

const nothingHidden: ReadonlySet<number> = new Set();

/** One answer per request: the key is the request's context, dropped with it. */
const hiddenOfRequest = new WeakMap<object, Promise<ReadonlySet<number>>>();

export interface VisibilityInput {
  hooks: HookRegistry;
  caller: Caller;
  storeId: number;
  country: string | null;
}

/** The ids hidden from this request's caller, asking the hook's handlers on first use. */
export function hiddenProducts(c: Context<StoreEnv>): Promise<ReadonlySet<number>> {
  if (!c.var.hooks.has('catalog.visibility')) return Promise.resolve(nothingHidden);
  let hidden = hiddenOfRequest.get(c);
  if (hidden === undefined) {
    hidden = callerCountry(c).then((country) => collectHiddenProducts({ hooks: c.var.hooks, caller: c.var.caller, storeId: c.var.store.id, country }));
    hiddenOfRequest.set(c, hidden);
  }
  return hidden;
}

/** Runs the handlers and gathers what they hide. */
export async function collectHiddenProducts({ hooks, caller, storeId, country }: VisibilityInput): Promise<ReadonlySet<number>> {
  if (!hooks.has('catalog.visibility')) return nothingHidden;
  const hidden = new Set<number>();
  await hooks.run('catalog.visibility', {
    caller,
    storeId,
    country,
    hide(productIds) {
      for (const id of productIds) hidden.add(id);
    },
  });
  // A copy: a handler that calls hide() late cannot change what the request already used.
  return hidden.size === 0 ? nothingHidden : new Set(hidden);
}

const countryOfRequest = new WeakMap<object, Promise<string | null>>();

/**
 * The caller's country when known: a signed-in customer's default shipping address, else null. Read
 * once per request, however many of the request's steps (visibility, annotations) ask.
 */
export function callerCountry(c: Context<StoreEnv>): Promise<string | null> {
  const caller = c.var.caller;
  if (caller.kind !== 'customer') return Promise.resolve(null);
  let country = countryOfRequest.get(c);
  if (country === undefined) {
    country = defaultShippingCountry(c.var.db, caller.customerId);
    countryOfRequest.set(c, country);
  }
  return country;
}

/** The country of the customer's default shipping address, or null when they have none (modules' hooks read it too). */
export async function defaultShippingCountry(db: Db, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ countryId: customerAddresses.countryId })
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefaultShipping, true)))
    .limit(1);
  return row?.countryId ?? null;
}

/**
 * The SQL condition "not hidden" for a products query, or undefined (no condition at all) when
 * nothing is hidden. The ids travel as one array parameter, so a module may hide any number.
 */
export function visibleProducts(hidden: ReadonlySet<number> | undefined): SQL | undefined {
  if (hidden === undefined || hidden.size === 0) return undefined;
  return sql`not (${products.id} = any(${sql.param([...hidden])}::int[]))`;
}
