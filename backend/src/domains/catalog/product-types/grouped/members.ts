/**
 * A grouped product's members as the admin writes them (issue 17): existing simple or virtual
 * products (not a configurable's variants, which are sold through it), in order, each with the quantity its page suggests. The list is written whole (on
 * create and when a change sends it); the group's stock follows its members' (their sum; in stock
 * when one is), its "from" price is derived by the price index (price-index.ts) and shown as its
 * price too, as the seeder writes a group's.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../../platform/db/database.ts';
import { productLinks, productPrices, products } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import { reindexPrices } from '../../products/price-index.ts';
import type { AdminComposition } from '../../products/composition.ts';

export const GroupedMember = z
  .object({
    id: z.number().int().min(1).max(2_147_483_647).openapi({ description: 'A simple or virtual product.' }),
    defaultQty: z.number().int().min(1).max(10_000).default(1).openapi({ description: 'The quantity its page suggests.' }),
  })
  .strict()
  .openapi('GroupedMember');

export const GroupedMembers = z.array(GroupedMember).min(1, 'A grouped product sells at least one product.').max(100);

const invalid = (field: string, message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field, message }]);

/** Replaces the group's members; each must be another simple or virtual product, listed once. */
export async function writeGroupedMembers(db: Db, groupId: number, members: ReadonlyArray<z.infer<typeof GroupedMember>>): Promise<void> {
  const ids = members.map((member) => member.id);
  const [found, variants] = await Promise.all([
    db.select({ id: products.id, type: products.type, qty: products.qty, stockStatus: products.stockStatus }).from(products).where(inArray(products.id, ids)),
    db.select({ id: productLinks.linkedProductId }).from(productLinks).where(and(inArray(productLinks.linkedProductId, ids), eq(productLinks.linkType, 'variant'))),
  ]);
  for (const [index, member] of members.entries()) {
    const row = found.find((each) => each.id === member.id);
    const problem =
      member.id === groupId
        ? 'A grouped product does not sell itself.'
        : !row
          ? `No product ${member.id}.`
          : row.type !== 'simple' && row.type !== 'virtual'
            ? `Product ${member.id} is ${row.type}: a grouped product sells simple and virtual products.`
            : variants.some((variant) => variant.id === member.id)
              ? `Product ${member.id} is a variant of a configurable product: it is sold through that product.`
              : ids.indexOf(member.id) !== index
              ? `Product ${member.id} is listed twice.`
              : undefined;
    if (problem) throw invalid(`linkedProducts.${index}.id`, problem);
  }
  await db.delete(productLinks).where(and(eq(productLinks.productId, groupId), eq(productLinks.linkType, 'grouped')));
  await db.insert(productLinks).values(members.map((member, index) => ({ productId: groupId, linkedProductId: member.id, linkType: 'grouped' as const, position: index + 1, defaultQty: member.defaultQty })));
  const inStock = found.some((row) => row.stockStatus === 'in_stock' && row.qty > 0);
  await db
    .update(products)
    .set({ qty: found.reduce((sum, row) => sum + row.qty, 0), stockStatus: inStock ? 'in_stock' : 'out_of_stock' })
    .where(eq(products.id, groupId));
  await reindexPrices(db, [groupId]);
  // The index derives only the "from" price; the record's price is the same figure (never a special price).
  await db.update(productPrices).set({ price: productPrices.minimalPrice, specialPrice: null, specialPriceFrom: null, specialPriceTo: null }).where(eq(productPrices.productId, groupId));
}

/** Grouped products' members, in order, with their default quantities, as the admin API's record shows them. */
export async function loadGroupedMembers(db: Db, ids: number[]): Promise<Map<number, AdminComposition>> {
  const links = await db
    .select({ parentId: productLinks.productId, defaultQty: productLinks.defaultQty, child: products })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.linkedProductId))
    .where(and(inArray(productLinks.productId, ids), eq(productLinks.linkType, 'grouped')))
    .orderBy(asc(productLinks.position), asc(productLinks.linkedProductId));
  return new Map(
    ids.map((id) => [id, { linkedProducts: links.filter((link) => link.parentId === id).map(({ child, defaultQty }) => ({ id: child.id, sku: child.sku, name: child.name, defaultQty })) }]),
  );
}
