import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { orderLines, productLinks, products } from '../../../../platform/db/schema/index.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What Delete asks before it deletes: the product by name and SKU, what goes with it (a configurable's
 * variants) and what stays (orders keep their own copy of each line, service.ts deleteProduct), so
 * the admin decides knowing what was sold. Undefined for a product that does not exist.
 */
export async function deleteQuestion(db: Db, id: number) {
  const [product] = await db.select({ name: products.name, sku: products.sku }).from(products).where(eq(products.id, id));
  if (!product) return undefined;
  const variants = await db
    .select({ id: productLinks.linkedProductId })
    .from(productLinks)
    .where(and(eq(productLinks.productId, id), eq(productLinks.linkType, 'variant')));
  const ids = [id, ...variants.map((v) => v.id)];
  const [sold] = await db.select({ orders: countDistinct(orderLines.orderId) }).from(orderLines).where(inArray(orderLines.productId, ids));
  const orders = sold?.orders ?? 0;
  const withVariants = variants.length > 0 ? ` and its ${plural(variants.length, 'variant', 'variants')}` : '';
  return {
    name: product.name,
    question: `Delete ${product.name} (SKU ${product.sku})${withVariants}?`,
    consequence: [
      orders > 0 ? `It has ${plural(orders, 'order', 'orders')}; they keep their lines.` : 'No order has it.',
      'The storefront stops showing it after its sync; this cannot be undone.',
    ].join(' '),
    confirmLabel: `Delete ${product.name}`,
  };
}
