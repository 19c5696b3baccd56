/**
 * A downloadable product's links as the admin creates them (issue 17): each a title, a price on top
 * of the product's (0: it comes with the product, what a cart takes when none is chosen) and an
 * optional public sample URL, the same price in every store view. The schema keeps no file or URL
 * for the download itself (delivery is not built), so there is nothing more to upload. Links are
 * written with the product; carts hold their ids, so a change does not replace them (not yet).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../db/database.ts';
import { downloadableLinkPrices, downloadableLinks, stores } from '../../db/schema/index.ts';

export const DownloadableLinkInput = z
  .object({
    title: z.string().trim().min(1).max(255),
    price: z.number().min(0).max(99_999_999.99).multipleOf(0.01).default(0).openapi({ description: 'On top of the product\'s price, every store view; 0: comes with the product.' }),
    sampleUrl: z
      .url({ protocol: /^https?$/, message: 'An http(s) URL.' })
      .max(2000)
      .nullable()
      .default(null)
      .openapi({ description: 'A public sample shoppers may open before buying.' }),
  })
  .strict()
  .openapi('DownloadableLinkInput');

export const DownloadableLinks = z.array(DownloadableLinkInput).min(1, 'A downloadable product has at least one link.').max(50);

export async function writeDownloadableLinks(db: Db, productId: number, links: ReadonlyArray<z.infer<typeof DownloadableLinkInput>>): Promise<void> {
  const views = await db.select({ id: stores.id }).from(stores);
  for (const [index, link] of links.entries()) {
    const [row] = await db.insert(downloadableLinks).values({ productId, title: link.title, sampleUrl: link.sampleUrl, sortOrder: index + 1 }).returning({ id: downloadableLinks.id });
    await db.insert(downloadableLinkPrices).values(views.map((view) => ({ linkId: row!.id, storeId: view.id, price: link.price })));
  }
}

/** The links of downloadable products as the admin record shows them (the default store view's prices). */
export async function loadDownloadableLinks(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectDistinctOn([downloadableLinks.id], { productId: downloadableLinks.productId, id: downloadableLinks.id, title: downloadableLinks.title, price: downloadableLinkPrices.price, sampleUrl: downloadableLinks.sampleUrl, sortOrder: downloadableLinks.sortOrder })
    .from(downloadableLinks)
    .innerJoin(downloadableLinkPrices, eq(downloadableLinkPrices.linkId, downloadableLinks.id))
    .where(inArray(downloadableLinks.productId, ids))
    .orderBy(asc(downloadableLinks.id), asc(downloadableLinkPrices.storeId));
}
