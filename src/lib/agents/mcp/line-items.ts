/**
 * The line items a caller sends to the cart and checkout tools: UCP's `{item: {id}, quantity}`, where
 * the id is a product's SKU, plus `options` for a configurable (option code or label to value label
 * or index, as the backend's cart accepts them; get_product lists them).
 */
import { z } from 'zod';

const sku = z.string().trim().min(1).max(64);

export const lineItemInput = z.object({
  id: z.string().max(20).optional().describe("An existing line's id (update_cart): keeps that line and sets its quantity."),
  item: z.object({ id: sku.describe("The product's SKU (for a configurable, the configurable's SKU with options).") }),
  quantity: z.number().int().min(1).max(10_000),
  options: z
    .record(z.string().max(100), z.union([z.string().max(100), z.number().int()]))
    .optional()
    .describe('A configurable\'s choice: option code or name to value label, e.g. {"color": "Navy", "size": "M"}.'),
});
export type LineItemInput = z.infer<typeof lineItemInput>;

export const lineItemsInput = z.array(lineItemInput).min(1).max(100);
