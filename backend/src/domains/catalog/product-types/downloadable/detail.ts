import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { downloadableLinkPrices, downloadableLinks } from '../../../../platform/db/schema/index.ts';
import type { ProductChildren } from '../../products/schemas.ts';

/** Downloadable links with their price in the store view. */
export async function loadDownloadableChildren(db: Db, storeId: number, parentIds: number[]): Promise<Map<number, ProductChildren>> {
  const rows = await db
    .select({ link: downloadableLinks, price: downloadableLinkPrices.price })
    .from(downloadableLinks)
    .innerJoin(downloadableLinkPrices, and(eq(downloadableLinkPrices.linkId, downloadableLinks.id), eq(downloadableLinkPrices.storeId, storeId)))
    .where(inArray(downloadableLinks.productId, parentIds))
    .orderBy(asc(downloadableLinks.sortOrder), asc(downloadableLinks.id));
  const result = new Map<number, ProductChildren>(parentIds.map((id) => [id, { downloadableLinks: [] }]));
  for (const { link, price } of rows) {
    result
      .get(link.productId)
      ?.downloadableLinks?.push({ id: link.id, title: link.title, price, sampleUrl: link.sampleUrl, sortOrder: link.sortOrder });
  }
  return result;
}
