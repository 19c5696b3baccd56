/**
 * "What does this customer pay for this SKU at this quantity, and why": the customer's lists in the
 * order they apply (caller-lists.ts), what each says about the SKU and which tier the quantity reaches
 * (tiers.ts), the catalog price, and the product as that customer's storefront gets it: the same
 * visibility hook and record annotations a request of theirs runs, so a price B2B Access withholds
 * is reported withheld, whatever a list says.
 */
import { eq } from 'drizzle-orm';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { Annotations } from '../../../platform/events/annotations.ts';
import type { HookRegistry } from '../../../platform/modules/hooks.ts';
import { collectHiddenProducts, defaultShippingCountry } from '../../../domains/catalog/visibility.ts';
import { listProductRows } from '../../../domains/catalog/products/listing.ts';
import { loadProductRecords } from '../../../domains/catalog/products/record.ts';
import { findStoreView } from '../../../domains/stores/store-view.ts';
import { AppError } from '../../../platform/errors.ts';
import { getCompany } from '../companies.ts';
import type { PricingContext } from '../context.ts';
import { customerLists, entriesBySku, inStore } from '../pricing/caller-lists.ts';
import { brokenRule, listPriceFor, quantityRulesOf, type ListEntry, type ListPrice, type QuantityRules } from '../pricing/tiers.ts';
import { b2bPricingCompanies, b2bPricingCompanyBuyers, type Tier } from '../tables.ts';

export interface ExplainQuestion {
  email: string;
  sku: string;
  qty: number;
  storeCode: string;
}

export interface ExplainedList {
  id: number;
  code: string;
  source: 'company' | 'group';
  /** False: the list names other store views, so it does not apply in this one. */
  inStore: boolean;
  entry: ListEntry | null;
  /** The break the quantity reaches in this list (its highest minQty at or under the quantity). */
  reached: Tier | null;
}

export interface PriceExplanation {
  customer: { id: number; email: string; name: string; groupId: number };
  company: { id: number; name: string; role: string; customerGroupId: number | null } | null;
  /** The group whose lists apply after the company's: the company's group when set, else the customer's. */
  groupId: number;
  enabled: boolean;
  storeCode: string;
  lists: ExplainedList[];
  listPrice: ListPrice | null;
  rules: QuantityRules;
  rulesFrom: string | null;
  broken: 'min' | 'max' | 'increment' | null;
  product: { name: string; catalogPrice: number | null; hiddenFromCustomer: boolean; priceWithheld: boolean; withheldMessage: string | null } | null;
  /** What the customer pays per unit at the quantity; null when they are shown no price. */
  pays: number | null;
}

/** What a request of the customer's needs that the admin request also holds. */
export interface RequestParts {
  db: Db;
  hooks: HookRegistry;
  annotations: Annotations;
}

/** The product as the customer's storefront gets it: hidden or not, its catalog price and whether B2B Access withholds it. */
async function productAsSeenBy(parts: RequestParts, caller: Caller & { kind: 'customer' }, storeCode: string, sku: string) {
  const store = await findStoreView(parts.db, storeCode);
  const { rows } = await listProductRows(parts.db, store.id, { sku }, { page: 1, itemsPerPage: 1 });
  const [record] = await loadProductRecords(parts.db, store, rows, { withChildren: false, hidden: new Set() });
  if (!record) return null;
  const catalogPrice = record.finalPrice;
  const country = await defaultShippingCountry(parts.db, caller.customerId);
  const hidden = await collectHiddenProducts({ hooks: parts.hooks, caller, storeId: store.id, country });
  if (parts.annotations.has('api_product_dto_build')) {
    await parts.annotations.run('api_product_dto_build', { records: [record], customer_group_id: caller.groupId, caller, storeCode: store.code, country, view: 'detail' }, parts.db);
  }
  const access = record.extensions?.b2bAccess as { gateFlags?: { hidePrice?: boolean }; hiddenPriceMessage?: string } | undefined;
  const priceWithheld = catalogPrice !== null && (record.finalPrice === null || access?.gateFlags?.hidePrice === true);
  return { name: record.name, catalogPrice, hiddenFromCustomer: hidden.has(record.id), priceWithheld, withheldMessage: priceWithheld ? (access?.hiddenPriceMessage ?? null) : null };
}

export async function explainPrice(ctx: PricingContext, parts: RequestParts, question: ExplainQuestion): Promise<PriceExplanation> {
  const account = await ctx.customers.byEmail(question.email.trim().toLowerCase());
  if (!account) throw new AppError('invalid', 'invalid_request', 'No customer has this email.', [{ location: 'query', field: 'email', message: 'No customer has this email.' }]);
  if (!(await ctx.stores.byCode(question.storeCode))) throw new AppError('invalid', 'invalid_request', 'No such store view.', [{ location: 'query', field: 'store', message: 'No such store view.' }]);
  const [company] = await ctx.db
    .select({ id: b2bPricingCompanies.id, name: b2bPricingCompanies.name, role: b2bPricingCompanyBuyers.role, customerGroupId: b2bPricingCompanies.customerGroupId })
    .from(b2bPricingCompanyBuyers)
    .innerJoin(b2bPricingCompanies, eq(b2bPricingCompanies.id, b2bPricingCompanyBuyers.companyId))
    .where(eq(b2bPricingCompanyBuyers.customerId, account.id));
  const { enabled } = await ctx.config();
  const all = await customerLists(ctx, { customerId: account.id, groupId: account.groupId });
  const applying = inStore(all, question.storeCode);
  // Every list's entry is shown; only those of the lists applying in the store view price the SKU.
  const everyEntry = (await entriesBySku(ctx, all, [question.sku])).get(question.sku) ?? [];
  const applyingCodes = new Set(applying.map((list) => list.code));
  const entries = everyEntry.filter((entry) => applyingCodes.has(entry.listCode));
  const companyListIds = new Set(company ? (await getCompany(ctx, company.id)).priceListIds : []);
  const lists: ExplainedList[] = all.map((list) => {
    const entry = everyEntry.find((candidate) => candidate.listCode === list.code) ?? null;
    const reached = entry ? ([...entry.tiers].filter((tier) => tier.minQty <= question.qty).sort((a, b) => b.minQty - a.minQty)[0] ?? null) : null;
    return { id: list.id, code: list.code, source: companyListIds.has(list.id) ? 'company' : 'group', inStore: applying.includes(list), entry, reached };
  });
  // Switched off, nobody gets list prices or rules: the catalog's price and free quantities stand.
  const used = enabled ? entries : [];
  const listPrice = listPriceFor(used, question.qty);
  const rules = quantityRulesOf(used);
  const rulesFrom = used.find((entry) => entry.minQty !== null || entry.maxQty !== null || entry.increment !== null)?.listCode ?? null;
  const caller = { kind: 'customer' as const, customerId: account.id, email: account.email, groupId: account.groupId, tokenId: 'admin-price-explainer', scope: [] };
  const product = await productAsSeenBy(parts, caller, question.storeCode, question.sku);
  const shown = product !== null && !product.hiddenFromCustomer && !product.priceWithheld;
  const pays = !shown ? null : (listPrice?.price ?? product.catalogPrice);
  return {
    customer: { id: account.id, email: account.email, name: `${account.firstName} ${account.lastName}`.trim(), groupId: account.groupId },
    company: company ?? null,
    groupId: company?.customerGroupId ?? account.groupId,
    enabled,
    storeCode: question.storeCode,
    lists,
    listPrice,
    rules,
    rulesFrom,
    broken: brokenRule(rules, question.qty),
    product,
    pays,
  };
}
