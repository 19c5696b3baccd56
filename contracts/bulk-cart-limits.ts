/**
 * The limits of quick order (contracts/bulk-cart.ts), in a file without zod: the storefront's
 * quick-order page checks a list against them before sending, and must not bundle zod for two numbers.
 */

/** The most lines one bulk request takes. */
export const MAX_BULK_LINES = 1000;
/** The most of one SKU one request buys (as `POST /cart/items`): merged lines of the same SKU count together. */
export const MAX_LINE_QTY = 10_000;
