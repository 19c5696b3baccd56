import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { bundleOptions, bundleSelections, downloadableLinkPrices, downloadableLinks, productPrices, products, productStoreTexts } from '../../platform/db/schema/index.ts';
import { activeSpecialPrice, finalPriceOf, productRowColumns } from '../catalog/products/rows.ts';
import type { BundleConfiguration, DownloadableConfiguration, GiftcardConfiguration, LineConfiguration } from './configuration.ts';
import { roundMoney } from './money.ts';

export interface LineDetails {
  unitPrice: number;
  /** Labels to print, e.g. {"Mattress": "2 × Memory Foam", "To": "Ann (ann@example.com)"}. */
  labels: Record<string, string>;
  /** False when a chosen selection or link is no longer sold: the line cannot be bought as it is. */
  complete: boolean;
}

export interface ConfiguredLine {
  id: number;
  /** The product's own current price in the store view. */
  basePrice: number;
  configuration: LineConfiguration;
}

/**
 * Current prices and labels of bundle, downloadable and gift card lines, with two queries whatever
 * the count: a dynamic bundle costs the sum of its selections (the catalog has no fixed-price
 * bundles), a downloadable its own price plus its links, a gift card its chosen amount.
 */
export async function configuredLineDetails(db: Db, storeId: number, lines: ConfiguredLine[]): Promise<Map<number, LineDetails>> {
  const bundles = lines.flatMap((l) => (l.configuration.type === 'bundle' ? [l.configuration] : []));
  const downloads = lines.flatMap((l) => (l.configuration.type === 'downloadable' ? [l.configuration] : []));
  const [selections, links] = await Promise.all([loadSelections(db, storeId, bundles), loadLinks(db, storeId, downloads)]);
  return new Map(
    lines.map((line) => {
      const { configuration } = line;
      if (configuration.type === 'bundle') return [line.id, bundleDetails(configuration, selections)];
      if (configuration.type === 'downloadable') return [line.id, downloadableDetails(line.basePrice, configuration, links)];
      return [line.id, giftcardDetails(configuration)];
    }),
  );
}

type Selections = Awaited<ReturnType<typeof loadSelections>>;
type Links = Awaited<ReturnType<typeof loadLinks>>;

async function loadSelections(db: Db, storeId: number, bundles: BundleConfiguration[]) {
  const ids = [...new Set(bundles.flatMap((b) => b.selections.map((s) => s.selectionId)))];
  if (ids.length === 0) return new Map<number, { title: string; name: string; price: number }>();
  const rows = await db
    .select({ id: bundleSelections.id, title: bundleOptions.title, name: productRowColumns.product.name, price: productPrices.price, specialPrice: activeSpecialPrice })
    .from(bundleSelections)
    .innerJoin(bundleOptions, eq(bundleOptions.id, bundleSelections.optionId))
    .innerJoin(products, and(eq(products.id, bundleSelections.productId), eq(products.isEnabled, true)))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.storeId, storeId)))
    .leftJoin(productStoreTexts, and(eq(productStoreTexts.productId, products.id), eq(productStoreTexts.storeId, storeId)))
    .where(inArray(bundleSelections.id, ids));
  return new Map(rows.map((r) => [r.id, { title: r.title, name: r.name, price: finalPriceOf(r.price, r.specialPrice) }]));
}

async function loadLinks(db: Db, storeId: number, downloads: DownloadableConfiguration[]) {
  const ids = [...new Set(downloads.flatMap((d) => d.linkIds))];
  if (ids.length === 0) return new Map<number, { title: string; price: number }>();
  const rows = await db
    .select({ id: downloadableLinks.id, title: downloadableLinks.title, price: downloadableLinkPrices.price })
    .from(downloadableLinks)
    .innerJoin(downloadableLinkPrices, and(eq(downloadableLinkPrices.linkId, downloadableLinks.id), eq(downloadableLinkPrices.storeId, storeId)))
    .where(inArray(downloadableLinks.id, ids));
  return new Map(rows.map((r) => [r.id, { title: r.title, price: r.price }]));
}

function bundleDetails(configuration: BundleConfiguration, selections: Selections): LineDetails {
  const labels: Record<string, string> = {};
  let unitPrice = 0;
  let complete = true;
  for (const chosen of configuration.selections) {
    const selection = selections.get(chosen.selectionId);
    if (!selection) {
      complete = false;
      continue;
    }
    unitPrice += selection.price * chosen.qty;
    const label = chosen.qty > 1 ? `${chosen.qty} × ${selection.name}` : selection.name;
    labels[selection.title] = labels[selection.title] ? `${labels[selection.title]}, ${label}` : label;
  }
  return { unitPrice: roundMoney(unitPrice), labels, complete };
}

function downloadableDetails(basePrice: number, configuration: DownloadableConfiguration, links: Links): LineDetails {
  const chosen = configuration.linkIds.map((id) => links.get(id));
  const sold = chosen.filter((link) => link !== undefined);
  return {
    unitPrice: roundMoney(sold.reduce((sum, link) => sum + link.price, basePrice)),
    labels: sold.length > 0 ? { Downloads: sold.map((link) => link.title).join(', ') } : {},
    complete: sold.length === chosen.length,
  };
}

const person = (name: string, email: string | null) => (email ? `${name} (${email})` : name);

function giftcardDetails(card: GiftcardConfiguration): LineDetails {
  const labels: Record<string, string> = { To: person(card.recipientName, card.recipientEmail), From: person(card.senderName, card.senderEmail) };
  if (card.message) labels.Message = card.message;
  return { unitPrice: card.amount, labels, complete: true };
}
