/**
 * A downloadable product's links as the admin writes them (issue 17): each a title, a price on top
 * of the product's (0: it comes with the product, what a cart takes when none is chosen) and an
 * optional public sample URL, the same price in every store view. The schema keeps no file or URL
 * for the download itself (delivery is not built), so there is nothing more to upload. Links are
 * written with the product and changed as a list (`replaceDownloadableLinks`): carts and orders
 * hold link ids, so a link sent with its id is changed in place (carts holding it keep it, at its
 * new price), and one left out is deleted (a cart holding it shows the line incomplete and
 * checkout refuses it: carts/line-details.ts, checkout/complete-lines.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from '@hono/zod-openapi';
import type { Db } from '../../../../platform/db/database.ts';
import { downloadableLinkPrices, downloadableLinks, stores } from '../../../../platform/db/schema/index.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { AdminComposition } from '../../products/composition.ts';

const Title = z.string().trim().min(1).max(255);
const LinkPrice = z.number().min(0).max(99_999_999.99).multipleOf(0.01).openapi({ description: 'On top of the product\'s price, every store view; 0: comes with the product.' });
const SampleUrl = z
  .url({ protocol: /^https?$/, message: 'An http(s) URL.' })
  .max(2000)
  .nullable()
  .openapi({ description: 'A public sample shoppers may open before buying.' });

export const DownloadableLinkInput = z
  .object({ title: Title, price: LinkPrice.default(0), sampleUrl: SampleUrl.default(null) })
  .strict()
  .openapi('DownloadableLinkInput');

export const DownloadableLinks = z.array(DownloadableLinkInput).min(1, 'A downloadable product has at least one link.').max(50);

/** One link of a changed list: with `id`, a link the product has, changed in place (what is left out stays); without, a new link. */
export const DownloadableLinkChange = z
  .object({
    id: z.number().int().min(1).max(2_147_483_647).optional().openapi({ description: 'A link of this product, kept (carts holding it keep it); omitted: a new link.' }),
    title: Title.optional().openapi({ description: 'Required for a new link; a kept link keeps its own when omitted.' }),
    price: LinkPrice.optional().openapi({ description: 'Every store view\'s price; omitted: a kept link keeps its prices, a new one is 0.' }),
    sampleUrl: SampleUrl.optional().openapi({ description: 'Omitted: a kept link keeps its own, a new one has none.' }),
  })
  .strict()
  .superRefine((link, issues) => {
    if (link.id === undefined && link.title === undefined) issues.addIssue({ code: 'custom', path: ['title'], message: 'A new link needs a title.' });
  })
  .openapi('DownloadableLinkChange');

export const DownloadableLinkChanges = z
  .array(DownloadableLinkChange)
  .min(1, 'A downloadable product has at least one link.')
  .max(50)
  .superRefine((links, issues) => {
    for (const [index, link] of links.entries()) {
      if (link.id !== undefined && links.findIndex((other) => other.id === link.id) !== index) issues.addIssue({ code: 'custom', path: [index, 'id'], message: `Link ${link.id} is listed twice.` });
    }
  });
export type DownloadableLinkChangeFields = z.infer<typeof DownloadableLinkChange>;

const invalid = (field: string, message: string) => new AppError('invalid', 'invalid_request', message, [{ location: 'json', field, message }]);

async function insertLink(db: Db, productId: number, views: Array<{ id: number }>, link: { title: string; price: number; sampleUrl: string | null }, sortOrder: number) {
  const [row] = await db.insert(downloadableLinks).values({ productId, title: link.title, sampleUrl: link.sampleUrl, sortOrder }).returning({ id: downloadableLinks.id });
  await db.insert(downloadableLinkPrices).values(views.map((view) => ({ linkId: row!.id, storeId: view.id, price: link.price })));
}

export async function writeDownloadableLinks(db: Db, productId: number, links: ReadonlyArray<z.infer<typeof DownloadableLinkInput>>): Promise<void> {
  const views = await db.select({ id: stores.id }).from(stores);
  for (const [index, link] of links.entries()) await insertLink(db, productId, views, link, index + 1);
}

/**
 * Makes the product's links the list sent, in its order: a link sent with its id is changed in
 * place (what it leaves out stays; a price is every store view's), one without is added, and the
 * product's links not in the list are deleted. An id of no link of this product is refused on its
 * path before anything is written.
 */
export async function replaceDownloadableLinks(db: Db, productId: number, links: readonly DownloadableLinkChangeFields[]): Promise<void> {
  const saved = await db.select({ id: downloadableLinks.id }).from(downloadableLinks).where(eq(downloadableLinks.productId, productId));
  for (const [index, link] of links.entries()) {
    if (link.id !== undefined && !saved.some((row) => row.id === link.id)) throw invalid(`downloadableLinks.${index}.id`, `Product ${productId} has no download link ${link.id}.`);
  }
  const gone = saved.filter((row) => !links.some((link) => link.id === row.id)).map((row) => row.id);
  if (gone.length > 0) await db.delete(downloadableLinks).where(inArray(downloadableLinks.id, gone));
  const views = await db.select({ id: stores.id }).from(stores);
  for (const [index, link] of links.entries()) {
    if (link.id === undefined) {
      await insertLink(db, productId, views, { title: link.title!, price: link.price ?? 0, sampleUrl: link.sampleUrl ?? null }, index + 1);
      continue;
    }
    await db.update(downloadableLinks).set({ title: link.title, sampleUrl: link.sampleUrl, sortOrder: index + 1 }).where(eq(downloadableLinks.id, link.id));
    if (link.price === undefined) continue;
    const price = link.price;
    await db
      .insert(downloadableLinkPrices)
      .values(views.map((view) => ({ linkId: link.id!, storeId: view.id, price })))
      .onConflictDoUpdate({ target: [downloadableLinkPrices.linkId, downloadableLinkPrices.storeId], set: { price } });
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

/** Downloadable products' links, in their order, as the admin API's record shows them. */
export async function loadDownloadableParts(db: Db, ids: number[]): Promise<Map<number, AdminComposition>> {
  const downloads = (await loadDownloadableLinks(db, ids)).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  return new Map(
    ids.map((id) => [id, { downloadableLinks: downloads.filter((link) => link.productId === id).map(({ id: linkId, title, price, sampleUrl }) => ({ id: linkId, title, price, sampleUrl })) }]),
  );
}
