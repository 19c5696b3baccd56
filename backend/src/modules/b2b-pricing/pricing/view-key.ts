import { createHash } from 'node:crypto';
import type { HookMap } from '../../../platform/modules/hooks.ts';
import type { PricingContext } from '../context.ts';
import { customerLists } from './caller-lists.ts';

/**
 * `customer.viewKey` (DECISIONS.md 60): a buyer with lists sees the shared view of their price-list
 * set, `pl-{16 hex of SHA-256 of the ordered list codes}`; every buyer with the same lists in the same
 * order shares it, and nothing of the customer is in it. Every list of theirs counts, store-scoped
 * ones too: a key that splits a little more than needed is safe, one that splits less is a leak.
 */
export async function priceListViewKey(input: HookMap['customer.viewKey'], ctx: PricingContext): Promise<void> {
  if (!(await ctx.config()).enabled) return;
  const lists = await customerLists(ctx, input);
  if (lists.length === 0) return;
  input.viewKey = `pl-${createHash('sha256').update(JSON.stringify(lists.map((list) => list.code))).digest('hex').slice(0, 16)}`;
}
