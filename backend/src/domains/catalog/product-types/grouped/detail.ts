import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { productLinks } from '../../../../platform/db/schema/index.ts';
import { loadImages, mainImageUrl } from '../../products/common.ts';
import { finalPriceOf, loadProductRowsByIds } from '../../products/rows.ts';
import type { GroupedMember, ProductChildren } from '../../products/schemas.ts';

/** Members of grouped products, in link order; members not sold in the store or hidden from the caller are left out. */
export async function loadGroupedChildren(db: Db, storeId: number, parentIds: number[], visible: SQL | undefined): Promise<Map<number, ProductChildren>> {
  const links = await db
    .select()
    .from(productLinks)
    .where(and(inArray(productLinks.productId, parentIds), eq(productLinks.linkType, 'grouped')))
    .orderBy(asc(productLinks.productId), asc(productLinks.position));
  const memberIds = [...new Set(links.map((l) => l.linkedProductId))];
  const [rows, images] = await Promise.all([loadProductRowsByIds(db, storeId, memberIds, visible), loadImages(db, memberIds)]);
  const rowsById = new Map(rows.map((r) => [r.product.id, r]));

  const result = new Map<number, ProductChildren>(parentIds.map((id) => [id, { groupedProducts: [] }]));
  for (const link of links) {
    const row = rowsById.get(link.linkedProductId);
    if (!row) continue;
    const member: GroupedMember = {
      id: row.product.id,
      sku: row.product.sku,
      name: row.product.name,
      urlKey: row.product.urlKey,
      price: row.price,
      specialPrice: row.specialPrice,
      finalPrice: finalPriceOf(row.price, row.specialPrice),
      stockStatus: row.product.stockStatus,
      defaultQty: link.defaultQty,
      imageUrl: mainImageUrl(images.get(row.product.id)),
    };
    result.get(link.productId)?.groupedProducts?.push(member);
  }
  return result;
}
