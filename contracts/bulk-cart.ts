/**
 * Quick order and reorder (DECISIONS.md 60): `POST /cart/items/bulk` takes up to 1,000 `{sku, qty}`
 * lines, `POST /cart/reorder/{orderNumber}` the lines of one of the caller's orders; both add every
 * line that can be bought in one transaction and answer each line's outcome with the cart.
 *
 * A line refused for a business reason (unknown or hidden SKU, purchase blocked, out of stock,
 * choices needed, a quantity rule) is reported here, never as a 4xx for the whole request; `code`
 * is the one `POST /cart/items` answers for that line alone, except that a product needing choices
 * the line cannot carry (configurable, bundle, gift card, grouped) is `options_required`.
 */
import { z } from 'zod';
import { MAX_BULK_LINES, MAX_LINE_QTY } from './bulk-cart-limits.ts';
import { cartSchema } from './cart.ts';

const bulkLineSchema = z.object({
  sku: z.string().trim().min(1).max(64),
  qty: z.number().int().min(1).max(MAX_LINE_QTY),
});

export const bulkCartItemsSchema = z
  .object({ items: z.array(bulkLineSchema).min(1).max(MAX_BULK_LINES) })
  .superRefine(({ items }, problems) => {
    // The same SKU twice is one line of the summed quantity; the sum is held to one line's limit, named at the line that crosses it.
    const totals = new Map<string, number>();
    items.forEach(({ sku, qty }, index) => {
      const total = (totals.get(sku) ?? 0) + qty;
      totals.set(sku, total);
      if (total > MAX_LINE_QTY && total - qty <= MAX_LINE_QTY) {
        problems.addIssue({ code: 'custom', path: ['items', index, 'qty'], message: `${sku} adds up to more than ${MAX_LINE_QTY} over its lines.` });
      }
    });
  })
  .meta({ id: 'BulkCartItems', description: 'Lines of SKU and quantity; the same SKU on several lines is added once, with the quantities summed.' });
export type BulkCartItems = z.infer<typeof bulkCartItemsSchema>;

export const lineOutcomeSchema = z
  .object({
    sku: z.string(),
    qty: z.number().int(),
    status: z.enum(['added', 'refused']),
    code: z.string().optional().meta({ description: 'Why it was refused: product_not_found, purchase_blocked, insufficient_stock, options_required, quantity_rule…' }),
    message: z.string().optional().meta({ description: 'The reason in words, fit to show the shopper.' }),
  })
  .meta({ id: 'CartLineOutcome' });
export type LineOutcome = z.infer<typeof lineOutcomeSchema>;

export const bulkCartAnswerSchema = z
  .object({
    lines: z.array(lineOutcomeSchema).meta({ description: 'One per distinct SKU of the request (first-seen order), or per order line for a reorder.' }),
    cart: cartSchema,
  })
  .meta({ id: 'BulkCartAnswer' });
export type BulkCartAnswer = z.infer<typeof bulkCartAnswerSchema>;
