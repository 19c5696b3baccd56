/**
 * Partial syncs of named records (DECISIONS.md 46): `POST /sync/{products|cms-pages|blog-posts}`
 * with `urlKeys` or `identifiers` (saved) and `deleted` refetches only those records and what they
 * touch, as the connector asks on every save: for a product its record and SKU index, the listing
 * pages of its categories old and new (with their ancestors', whose listings include their
 * subcategories'), and the product redirects; for a CMS page its record and the forms it embeds; for
 * a post its record. A record the backend no longer offers to guests (deleted, disabled) leaves KV.
 *
 * Everything is fetched before anything is written, so a backend failure writes nothing. The
 * writes are few; should KV fail midway, the keys already written are restored to what they held.
 * The pulse moves only when a key changed: the part's digest becomes a digest of the previous one
 * and the changes (a later full sync replaces it with the digest of the whole part).
 */
import type { BackendClient } from '../backend-client.ts';
import { buildListingPages, flattenCategories } from '../catalog/listing.ts';
import { readPulse } from '../content/content-store.ts';
import { contentKeys, PULSE_KEY } from '../content/keys.ts';
import { productSchema, skuIndexSchema, type Product } from '../content/schemas.ts';
import { forgetMemos } from '../cache/isolate-memo.ts';
import { formsOfPages } from './cms-forms.ts';
import { entry, productEntries, redirectMap, type KvEntry } from './parts.ts';
import { nextPulse, sha256Hex } from './pulse.ts';

export type NamedType = 'products' | 'cmsPages' | 'blogPosts';

export interface NamedRequest {
  type: NamedType;
  /** URL keys (products) or identifiers (pages, posts) saved. */
  saved: string[];
  deleted: string[];
}

interface Change {
  puts: KvEntry[];
  deletes: string[];
}

async function oldProduct(kv: KVNamespace, store: string, urlKey: string): Promise<Product | null> {
  const parsed = productSchema.safeParse(await kv.get(contentKeys.product(store, urlKey), 'json'));
  return parsed.success ? parsed.data : null;
}

async function productChange(client: BackendClient, kv: KVNamespace, store: string, request: NamedRequest): Promise<Change> {
  const names = [...new Set([...request.saved, ...request.deleted])];
  const [current, before, tree, moved] = await Promise.all([
    Promise.all(request.saved.map((urlKey) => client.listedProduct(store, urlKey))),
    Promise.all(names.map((urlKey) => oldProduct(kv, store, urlKey))),
    client.categories(store),
    client.urlRedirects(store, 'product'),
  ]);
  const found = current.filter((product) => product !== null && request.saved.includes(product.urlKey)) as Product[];
  const puts = await productEntries(store, found);
  const deletes: string[] = [];
  for (const [index, urlKey] of names.entries()) {
    const old = before[index];
    const now = found.find((product) => product.urlKey === urlKey);
    if (!now) deletes.push(contentKeys.product(store, urlKey));
    if (old && old.sku !== now?.sku) deletes.push(contentKeys.skuIndex(store, old.sku));
  }
  // A saved product whose URL key changed: its SKU index still names the old key, whose record goes
  // (the old path then answers with the redirect the backend keeps).
  const previousKey = async (sku: string) => {
    const parsed = skuIndexSchema.safeParse(await kv.get(contentKeys.skuIndex(store, sku), 'json'));
    return parsed.success ? parsed.data : null;
  };
  const moves = await Promise.all(found.map(async (product) => ({ product, previous: await previousKey(product.sku) })));
  const movedFrom = await Promise.all(
    moves
      .filter(({ product, previous }) => previous !== null && previous !== product.urlKey && !names.includes(previous))
      .map(async ({ previous }) => {
        deletes.push(contentKeys.product(store, previous!));
        return oldProduct(kv, store, previous!);
      }),
  );
  // Listings of every category the products were or are in, and of the categories above them.
  const touched = new Set([...before, ...movedFrom, ...found].flatMap((product) => product?.categoryIds ?? []));
  const listed = flattenCategories(tree).filter(({ subtreeIds }) => subtreeIds.some((id) => touched.has(id)));
  const members = new Map<number, Promise<Product[]>>();
  const productsIn = (categoryId: number) => {
    if (!members.has(categoryId)) members.set(categoryId, client.categoryProducts(store, categoryId));
    return members.get(categoryId)!;
  };
  for (const { category, subtreeIds } of listed) {
    const inSubtree = new Map<number, Product>();
    for (const product of (await Promise.all(subtreeIds.map(productsIn))).flat()) inSubtree.set(product.id, product);
    const pages = buildListingPages([category], [...inSubtree.values()]).filter((page) => page.categoryId === category.id);
    puts.push(...(await Promise.all(pages.map((page) => entry(contentKeys.listingPage(store, category.id, page.page), page)))));
    // Pages past the new last one (the category shrank).
    const prefix = `${contentKeys.listingPage(store, category.id, 1).slice(0, -1)}`;
    const kept = new Set(pages.map((page) => contentKeys.listingPage(store, category.id, page.page)));
    let cursor: string | undefined;
    do {
      const listedKeys = await kv.list({ prefix, cursor });
      deletes.push(...listedKeys.keys.map((key) => key.name).filter((name) => !kept.has(name)));
      cursor = listedKeys.list_complete ? undefined : listedKeys.cursor;
    } while (cursor);
  }
  puts.push(await entry(contentKeys.redirects(store, 'product'), redirectMap(moved)));
  return { puts, deletes };
}

async function documentChange(client: BackendClient, store: string, request: NamedRequest): Promise<Change> {
  const isPage = request.type === 'cmsPages';
  const keyOf = (identifier: string) => (isPage ? contentKeys.cms(store, identifier) : contentKeys.blog(store, identifier));
  const records = await Promise.all(request.saved.map((identifier) => (isPage ? client.cmsPage(store, identifier) : client.blogPost(store, identifier))));
  const found = records.filter((record) => record !== null);
  const forms = isPage ? await formsOfPages(client, store, found as Parameters<typeof formsOfPages>[2]) : [];
  const puts = await Promise.all([
    ...found.map((record) => entry(keyOf(record.identifier), record, { updatedAt: record.updatedAt })),
    ...forms.map((form) => entry(contentKeys.form(store, form.code), form)),
  ]);
  const gone = [...request.saved.filter((identifier) => !found.some((record) => record.identifier === identifier)), ...request.deleted];
  return { puts, deletes: [...new Set(gone)].map(keyOf) };
}

export interface NamedWrite {
  written: number;
  unchanged: number;
  deleted: number;
}

/** Writes a change, skipping keys that already hold their hash; restores what it wrote if KV fails midway. */
async function apply(kv: KVNamespace, change: Change): Promise<{ report: NamedWrite; digestOfChanges: string }> {
  const previous = await Promise.all(change.puts.map((put) => kv.getWithMetadata<{ hash?: string }>(put.key, 'text')));
  const changed = change.puts.filter((put, index) => previous[index]!.metadata?.hash !== put.hash);
  const existing = await Promise.all(change.deletes.map((key) => kv.getWithMetadata(key, 'text')));
  const removed = change.deletes.filter((_key, index) => existing[index]!.value !== null);
  const done: Array<() => Promise<void>> = [];
  try {
    for (const put of changed) {
      const before = previous[change.puts.indexOf(put)]!;
      await kv.put(put.key, put.value, { metadata: { ...put.metadata, hash: put.hash } });
      done.push(() => (before.value === null ? kv.delete(put.key) : kv.put(put.key, before.value, { metadata: before.metadata })));
    }
    for (const key of removed) {
      const before = existing[change.deletes.indexOf(key)]!;
      await kv.delete(key);
      done.push(() => kv.put(key, before.value!, { metadata: before.metadata }));
    }
  } catch (error) {
    await Promise.allSettled(done.map((undo) => undo()));
    throw error;
  }
  const digestOfChanges = await sha256Hex([...changed.map((put) => `${put.key}=${put.hash}`), ...removed.map((key) => `${key}=-`)].sort().join('\n'));
  return { report: { written: changed.length, unchanged: change.puts.length - changed.length, deleted: removed.length }, digestOfChanges };
}

/** Fetches the named records of `request` for every store in `stores`, then writes them; throws BackendError before writing on a backend failure. */
export async function runNamedSync(client: BackendClient, kv: KVNamespace, stores: readonly string[], request: NamedRequest): Promise<NamedWrite> {
  const changes = await Promise.all(
    stores.map(async (store) => ({ store, change: request.type === 'products' ? await productChange(client, kv, store, request) : await documentChange(client, store, request) })),
  );
  const total: NamedWrite = { written: 0, unchanged: 0, deleted: 0 };
  const digests: Record<string, string> = {};
  const pulse = await readPulse(kv);
  for (const { store, change } of changes) {
    const { report, digestOfChanges } = await apply(kv, change);
    total.written += report.written;
    total.unchanged += report.unchanged;
    total.deleted += report.deleted;
    const part = `${store}:${request.type}`;
    if (report.written + report.deleted > 0) digests[part] = await sha256Hex(`${pulse?.digests[part] ?? ''}\n${digestOfChanges}`);
  }
  if (Object.keys(digests).length > 0) await kv.put(PULSE_KEY, JSON.stringify(await nextPulse(pulse, digests, new Date())));
  forgetMemos();
  return total;
}
