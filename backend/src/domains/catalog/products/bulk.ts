/**
 * Bulk actions on chosen products (issue 17), for the grid's "With the products ticked" form
 * (admin-grid.ts) and `POST /api/rest/v2/admin/products/bulk` (admin-routes.ts): enable, disable,
 * put in a category, delete. Each product changed gets its audit entry and its notification
 * (`catalog_product_saved`, `catalog_product_deleted`), so the storefront follows. What is not done
 * is said with why: no such product, or a configurable's variant (deleted with its configurable or
 * on its page, never by itself).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import { recordAudit } from '../../../platform/audit/service.ts';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import { categories, productCategories, productLinks, products } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { deleteProduct } from './service.ts';
import { reindexPrices } from './price-index.ts';

const Id = z.number().int().min(1).max(2_147_483_647);

export const ProductBulk = z
  .object({
    action: z.enum(['enable', 'disable', 'assign', 'delete']).openapi({ description: 'assign: put the products in `categoryId` (they stay in their other categories).' }),
    ids: z.array(Id).min(1).max(500).openapi({ description: 'The products, 1 to 500 (repeats count once).' }),
    categoryId: Id.optional().openapi({ description: 'The category, for assign only.' }),
  })
  .strict()
  .superRefine((input, issues) => {
    if (input.action === 'assign' && input.categoryId === undefined) issues.addIssue({ code: 'custom', path: ['categoryId'], message: 'Choose the category to put the products in.' });
    if (input.action !== 'assign' && input.categoryId !== undefined) issues.addIssue({ code: 'custom', path: ['categoryId'], message: 'Only assign takes a category.' });
  })
  .openapi('ProductBulkAction');
export type ProductBulk = z.infer<typeof ProductBulk>;

export const skipReasons = ['not_found', 'is_variant', 'deleted_with_configurable'] as const;

export interface ProductBulkOutcome {
  action: ProductBulk['action'];
  /** The products the action was applied to, by id. */
  done: number[];
  skipped: Array<{ id: number; reason: (typeof skipReasons)[number]; message: string }>;
}

/**
 * Applies the action to the chosen products. One transaction for them all: the answer says
 * exactly what changed, and an unexpected failure half-way (a lost connection) leaves every product
 * as it was instead of some changed and unreported. What is skipped is decided before anything is
 * written (not by failed writes), so skipping never undoes the rest. A category that does not exist
 * is a 400 by `categoryId`, nothing changed.
 */
export function applyProductBulk(ctx: AdminWriteContext, input: ProductBulk): Promise<ProductBulkOutcome> {
  const chosen = [...new Set(input.ids)];
  return ctx.db.transaction(async (tx) => {
    const found = (await tx.select({ id: products.id }).from(products).where(inArray(products.id, chosen)).orderBy(asc(products.id)).for('update')).map((row) => row.id);
    const skipped: ProductBulkOutcome['skipped'] = chosen.filter((id) => !found.includes(id)).map((id) => ({ id, reason: 'not_found', message: `No product ${id}.` }));
    const audit = (productId: number) => recordAudit(tx, { actor: ctx.actor, module: 'core', action: `product.bulk_${input.action}`, subject: `product:${productId}` });

    if (input.action === 'delete') {
      const variants = await tx
        .select({ id: productLinks.linkedProductId, parentId: productLinks.productId })
        .from(productLinks)
        .where(and(inArray(productLinks.linkedProductId, found), eq(productLinks.linkType, 'variant')));
      for (const { id, parentId } of variants) {
        skipped.push(
          found.includes(parentId)
            ? { id, reason: 'deleted_with_configurable', message: `A variant of product ${parentId}: deleted with it.` }
            : { id, reason: 'is_variant', message: `A variant of product ${parentId}: remove it on that product's page (or DELETE …/products/${parentId}/variants/${id}).` },
        );
      }
      const done = found.filter((id) => !variants.some((variant) => variant.id === id));
      // deleteProduct audits and announces each (its transaction runs as a savepoint of this one).
      for (const id of done) await deleteProduct({ ...ctx, db: tx }, id);
      return { action: input.action, done, skipped };
    }

    if (input.action === 'assign') {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId!));
      if (!category) throw new AppError('invalid', 'invalid_request', `No category ${input.categoryId}.`, [{ location: 'json', field: 'categoryId', message: `No category ${input.categoryId}.` }]);
    }
    if (found.length > 0 && input.action === 'assign') {
      await tx.insert(productCategories).values(found.map((productId) => ({ categoryId: input.categoryId!, productId, position: 0 }))).onConflictDoNothing();
      await tx.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, found));
      for (const productId of found) {
        await audit(productId);
        await ctx.notifications.publish(tx, 'catalog_product_saved', { productId });
      }
    } else if (found.length > 0) {
      await tx.update(products).set({ isEnabled: input.action === 'enable', updatedAt: new Date() }).where(inArray(products.id, found));
      // A variant's or member's status moves the "from" price of the products priced from it: they are announced too.
      const dependents = await reindexPrices(tx, found);
      for (const productId of found) await audit(productId);
      for (const productId of new Set([...found, ...dependents])) await ctx.notifications.publish(tx, 'catalog_product_saved', { productId });
    }
    return { action: input.action, done: found, skipped };
  });
}
