import { asc, count, eq, ilike, or } from 'drizzle-orm';
import { configDiff } from '../../platform/audit/config-diff.ts';
import { requireVersion, versionTag } from '../../platform/content-admin/versions.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { formatTimestamp } from '../../platform/time.ts';
import type { PricingContext } from './context.ts';
import { requireStores } from './references.ts';
import type { ItemInput, ItemView, PriceListInput, PriceListPatch, PriceListSummary, PriceListView } from './routes/wire.ts';
import { b2bPricingPriceListItems, b2bPricingPriceLists } from './tables.ts';

const subjectOf = (id: number) => `b2b-pricing:price-list:${id}`;
const notFound = (id: number) => new AppError('not_found', 'price_list_not_found', `No price list with id ${id}.`);
const codeTaken = (code: string) =>
  new AppError('conflict', 'code_taken', `Another price list has the code "${code}".`, [{ location: 'json', field: 'code', message: 'Taken.' }]);

export const priceListEtag = (view: PriceListView) => versionTag('price-list', view.id, view);

type ListRow = typeof b2bPricingPriceLists.$inferSelect;
type ItemRow = typeof b2bPricingPriceListItems.$inferSelect;

/** Items are written in chunks: a list of 20,000 SKUs must stay under PostgreSQL's 65,535 bind parameters. */
const ITEM_CHUNK = 5_000;

function itemView(row: ItemRow): ItemView {
  return {
    sku: row.sku,
    tiers: row.tiers,
    ...(row.minQty === null ? {} : { minQty: row.minQty }),
    ...(row.maxQty === null ? {} : { maxQty: row.maxQty }),
    ...(row.increment === null ? {} : { increment: row.increment }),
  };
}

const summaryOf = (row: ListRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  storeCodes: row.storeCodes,
  createdAt: formatTimestamp(row.createdAt),
  updatedAt: formatTimestamp(row.updatedAt),
});

export async function listPriceLists(ctx: PricingContext, query: { page: number; itemsPerPage: number; search?: string }) {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern ? or(ilike(b2bPricingPriceLists.name, pattern), ilike(b2bPricingPriceLists.code, pattern)) : undefined;
  const items = ctx.db.$count(b2bPricingPriceListItems, eq(b2bPricingPriceListItems.priceListId, b2bPricingPriceLists.id));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ list: b2bPricingPriceLists, itemCount: items })
      .from(b2bPricingPriceLists)
      .where(where)
      .orderBy(asc(b2bPricingPriceLists.code))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    ctx.db.select({ n: count() }).from(b2bPricingPriceLists).where(where),
  ]);
  const member: PriceListSummary[] = rows.map(({ list, itemCount }) => ({ ...summaryOf(list), itemCount }));
  return { member, totalItems: total?.n ?? 0, page: query.page, itemsPerPage: query.itemsPerPage };
}

export async function getPriceList(ctx: PricingContext, id: number): Promise<PriceListView> {
  const [row] = await ctx.db.select().from(b2bPricingPriceLists).where(eq(b2bPricingPriceLists.id, id));
  if (!row) throw notFound(id);
  const items = await ctx.db.select().from(b2bPricingPriceListItems).where(eq(b2bPricingPriceListItems.priceListId, id)).orderBy(asc(b2bPricingPriceListItems.sku));
  return { ...summaryOf(row), items: items.map(itemView) };
}

async function writeItems(ctx: PricingContext, priceListId: number, items: readonly ItemInput[]): Promise<void> {
  await ctx.db.delete(b2bPricingPriceListItems).where(eq(b2bPricingPriceListItems.priceListId, priceListId));
  const rows = items.map((item) => ({
    priceListId,
    sku: item.sku,
    // Stored ordered, so readers can walk them from the smallest break.
    tiers: [...item.tiers].sort((a, b) => a.minQty - b.minQty),
    minQty: item.minQty ?? null,
    maxQty: item.maxQty ?? null,
    increment: item.increment ?? null,
  }));
  for (let start = 0; start < rows.length; start += ITEM_CHUNK) await ctx.db.insert(b2bPricingPriceListItems).values(rows.slice(start, start + ITEM_CHUNK));
}

/** Runs a write; a code another list took meanwhile answers 409 like one taken before. */
async function guardingCode<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code !== undefined && isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

async function requireFreeCode(ctx: PricingContext, code: string, ownId: number | null): Promise<void> {
  const [other] = await ctx.db.select({ id: b2bPricingPriceLists.id }).from(b2bPricingPriceLists).where(eq(b2bPricingPriceLists.code, code));
  if (other && other.id !== ownId) throw codeTaken(code);
}

export async function createPriceList(ctx: PricingContext, input: PriceListInput): Promise<PriceListView> {
  return guardingCode(input.code, () =>
    ctx.transaction(async (tx) => {
      await requireStores(tx, input.storeCodes, 'storeCodes');
      await requireFreeCode(tx, input.code, null);
      const now = tx.clock();
      const [row] = await tx.db.insert(b2bPricingPriceLists).values({ code: input.code, name: input.name, storeCodes: input.storeCodes, createdAt: now, updatedAt: now }).returning();
      await writeItems(tx, row!.id, input.items);
      const view = await getPriceList(tx, row!.id);
      await tx.audit.record({ action: 'price-list.created', subject: subjectOf(view.id), diff: configDiff({}, { ...view, items: `${view.items.length} items` }) });
      return view;
    }),
  );
}

export async function updatePriceList(ctx: PricingContext, id: number, patch: PriceListPatch, ifMatch: string | undefined): Promise<PriceListView> {
  return guardingCode(patch.code, () =>
    ctx.transaction(async (tx) => {
      const [locked] = await tx.db.select({ id: b2bPricingPriceLists.id }).from(b2bPricingPriceLists).where(eq(b2bPricingPriceLists.id, id)).for('update');
      if (!locked) throw notFound(id);
      const before = await getPriceList(tx, id);
      requireVersion(ifMatch, priceListEtag(before), 'price list');
      if (patch.storeCodes !== undefined) await requireStores(tx, patch.storeCodes, 'storeCodes');
      if (patch.code !== undefined) await requireFreeCode(tx, patch.code, id);
      await tx.db
        .update(b2bPricingPriceLists)
        .set({
          ...(patch.code === undefined ? {} : { code: patch.code }),
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.storeCodes === undefined ? {} : { storeCodes: patch.storeCodes }),
          updatedAt: tx.clock(),
        })
        .where(eq(b2bPricingPriceLists.id, id));
      if (patch.items) await writeItems(tx, id, patch.items);
      const after = await getPriceList(tx, id);
      // Items are summarised in the audit log: a list of thousands would drown the entry.
      const summary = (view: PriceListView) => ({ ...view, items: `${view.items.length} items` });
      await tx.audit.record({ action: 'price-list.updated', subject: subjectOf(id), diff: configDiff(summary(before), { ...summary(after), ...(patch.items ? { itemsReplaced: true } : {}) }) });
      return after;
    }),
  );
}

/** Deleting a list takes it off every company and group that had it (foreign keys cascade). */
export async function deletePriceList(ctx: PricingContext, id: number, ifMatch: string | undefined): Promise<void> {
  await ctx.transaction(async (tx) => {
    const [locked] = await tx.db.select({ id: b2bPricingPriceLists.id }).from(b2bPricingPriceLists).where(eq(b2bPricingPriceLists.id, id)).for('update');
    if (!locked) throw notFound(id);
    const before = await getPriceList(tx, id);
    requireVersion(ifMatch, priceListEtag(before), 'price list');
    await tx.db.delete(b2bPricingPriceLists).where(eq(b2bPricingPriceLists.id, id));
    await tx.audit.record({ action: 'price-list.deleted', subject: subjectOf(id), diff: configDiff({ code: before.code, name: before.name, items: `${before.items.length} items` }, {}) });
  });
}
