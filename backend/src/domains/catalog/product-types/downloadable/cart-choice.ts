import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../platform/db/database.ts';
import { downloadableLinkPrices, downloadableLinks } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { DownloadableConfiguration } from '../../../carts/configuration.ts';
import type { ChosenProduct } from '../../../carts/sellable-types.ts';

/**
 * The links bought with a downloadable product. Every link is priced per store view on top of the
 * product's price; those priced 0 come with the product and are what an omitted `links` means.
 * A product that has links sells at least one.
 */
export async function chooseLinks(db: Db, storeId: number, product: ChosenProduct, chosen?: number[]): Promise<DownloadableConfiguration> {
  const offered = await db
    .select({ id: downloadableLinks.id, price: downloadableLinkPrices.price })
    .from(downloadableLinks)
    .innerJoin(downloadableLinkPrices, and(eq(downloadableLinkPrices.linkId, downloadableLinks.id), eq(downloadableLinkPrices.storeId, storeId)))
    .where(eq(downloadableLinks.productId, product.id));
  const linkIds = chosen ?? offered.filter((link) => link.price === 0).map((link) => link.id);
  const unknown = linkIds.find((id) => !offered.some((link) => link.id === id));
  if (unknown !== undefined) throw new AppError('invalid', 'invalid_link', `${product.sku} has no download link ${unknown}.`, { field: 'links' });
  if (offered.length > 0 && linkIds.length === 0) {
    throw new AppError('invalid', 'links_required', `Choose at least one download of ${product.sku}.`, { field: 'links' });
  }
  return { type: 'downloadable', linkIds: [...new Set(linkIds)].sort((a, b) => a - b) };
}
