import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/database.ts';
import { configurableOptions, configurableOptionValues, productLinks, products, variantOptionValues } from '../../src/platform/db/schema/index.ts';

/** The published demo accounts (src/demo/stores.ts). */
export const shopper = { email: 'shopper@example.com', password: 'Shopper#2026' };
export const tradeBuyer = { email: 'buyer@trade.example', password: 'Trade#2026' };

/** A simple, visible, in-stock product of the test catalog. */
export async function aSimpleProduct(db: Db, offset = 0) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.type, 'simple'), eq(products.visibility, 'catalog'), eq(products.isEnabled, true), gt(products.qty, 5)))
    .orderBy(asc(products.id))
    .limit(1)
    .offset(offset);
  const product = rows[0];
  if (!product) throw new Error('the test catalog has no simple product');
  return product;
}

/** A configurable product with its first variant and the options (code → label) that pick it. */
export async function aConfigurableChoice(db: Db) {
  const [parent] = await db.select().from(products).where(eq(products.type, 'configurable')).orderBy(asc(products.id)).limit(1);
  if (!parent) throw new Error('the test catalog has no configurable product');
  const [link] = await db
    .select()
    .from(productLinks)
    .where(and(eq(productLinks.productId, parent.id), eq(productLinks.linkType, 'variant')))
    .orderBy(asc(productLinks.position))
    .limit(1);
  if (!link) throw new Error('configurable without variants');
  const [variant] = await db.select().from(products).where(eq(products.id, link.linkedProductId));
  const values = await db
    .select({ code: configurableOptions.attributeCode, label: configurableOptionValues.label })
    .from(variantOptionValues)
    .innerJoin(configurableOptions, eq(configurableOptions.id, variantOptionValues.optionId))
    .innerJoin(
      configurableOptionValues,
      and(eq(configurableOptionValues.optionId, variantOptionValues.optionId), eq(configurableOptionValues.valueIndex, variantOptionValues.valueIndex)),
    )
    .where(eq(variantOptionValues.variantId, link.linkedProductId));
  if (!variant) throw new Error('variant row missing');
  return { parent, variant, options: Object.fromEntries(values.map((v) => [v.code, v.label])) };
}

/** A US address that passes checkout validation. */
export const usAddress = {
  firstName: 'Sam',
  lastName: 'Shopper',
  street: ['1 Main Street'],
  city: 'Springfield',
  postcode: '12345',
  countryId: 'US',
};
