import { eq } from 'drizzle-orm';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { PricingContext } from '../context.ts';
import { b2bPricingCompanies, b2bPricingCompanyBuyers } from '../tables.ts';

export const purchaseOrderCode = 'purchase_order';

export interface CompanyTerms {
  companyId: number;
  netDays: number;
  creditLimit: number;
  /** The credit limit's currency: the default store view's (see `termsCurrency`). */
  currency: string;
}

/**
 * The credit limit is a bare number (DECISIONS.md 60), so it is read in the shop's main currency, the
 * default store view's. The shop keeps no exchange rates, so purchase orders are offered only in store
 * views of that currency: a limit added up across currencies would mean nothing.
 */
async function termsCurrency(ctx: PricingContext): Promise<string | undefined> {
  return (await ctx.stores.defaultStore())?.baseCurrencyCode;
}

/**
 * The payment terms a caller buys on: a signed-in buyer of a company with terms, while the module is
 * on. `lock` takes the company's row for the rest of the transaction, so two purchase orders of one
 * company are checked against its credit one after the other, never side by side.
 */
export async function termsOf(ctx: PricingContext, caller: Caller, options: { lock?: boolean } = {}): Promise<CompanyTerms | undefined> {
  if (caller.kind !== 'customer' || !(await ctx.config()).enabled) return undefined;
  const query = ctx.db
    .select({ companyId: b2bPricingCompanies.id, netDays: b2bPricingCompanies.termsNetDays, creditLimit: b2bPricingCompanies.termsCreditLimit })
    .from(b2bPricingCompanyBuyers)
    .innerJoin(b2bPricingCompanies, eq(b2bPricingCompanies.id, b2bPricingCompanyBuyers.companyId))
    .where(eq(b2bPricingCompanyBuyers.customerId, caller.customerId));
  const [row] = options.lock ? await query.for('update', { of: b2bPricingCompanies }) : await query;
  if (!row || row.netDays === null || row.creditLimit === null) return undefined;
  const currency = await termsCurrency(ctx);
  if (currency === undefined) return undefined;
  return { companyId: row.companyId, netDays: row.netDays, creditLimit: row.creditLimit, currency };
}
