/**
 * Partial syncs of named records (DECISIONS.md 46): `POST /sync/{products|cms-pages|blog-posts}`
 * with `urlKeys` or `identifiers` (saved) and `deleted` refetches only those records and what they
 * touch, as the connector asks on every save: for a product its record and SKU index, the listing
 * pages of its categories old and new (with their ancestors', whose listings include their
 * subcategories'), and the product redirects; for a CMS page its record and the forms it embeds; for
 * a post its record. A record the backend no longer offers to guests (deleted, disabled) leaves KV.
 *
 * Planned like a full part (plan.ts): everything is fetched and compared before anything is written,
 * so a backend failure writes nothing. The pulse moves only when a key changed: the part's digest
 * becomes a digest of the previous one and the changes (a later full sync replaces it with the
 * digest of the whole part).
 */
import type { BackendClient } from '../backend-client.ts';
import { buildListingPages, categoryMembers, flattenCategories } from '../catalog/listing.ts';
import { readPulse } from '../content/content-store.ts';
import { contentKeys, type IndexedKind } from '../content/keys.ts';
import { listingPageSchema, productSchema, recordIndexSchema, skuIndexSchema, type Product, type SkuIndexBucket } from '../content/schemas.ts';
import { formsOfPages } from './cms-forms.ts';
import { facetIndexEntry } from './facets.ts';
import { checkedEntry, entry, indexEntry, productEntries, redirectMap, skuIndexEntries, validatedEntry, type KvEntry } from './parts.ts';
import { listHashes, putOf, type KvOp, type PartPlan } from './plan.ts';
import { sha256Hex } from '../hex.ts';

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
  /** Hashes already known from listing the keys' prefixes (the listing pages), so not read again. */
  listed: Map<string, string | undefined>;
}
/**
 * The kind's record index with `saved` added and `gone` removed, or null when the store has no index
 * yet (synced before it existed): a named sync knows too few names to build one, the next full sync does.
 */
async function indexChange(kv: KVNamespace, store: string, kind: IndexedKind, saved: string[], gone: string[]): Promise<KvEntry | null> {
  const parsed = recordIndexSchema.safeParse(await kv.get(contentKeys.recordIndex(store, kind), 'json'));
  if (!parsed.success) return null;
  const names = new Set(parsed.data);
  for (const name of gone) names.delete(name);
  for (const name of saved) names.add(name);
  return indexEntry(store, kind, names);
}

/** The JSON of a KV value; null when there is none or it is not JSON (written by hand, damaged). */
function parseJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * The SKU index buckets `skus` fall in, bucket key → its map (empty when the bucket is missing or
 * malformed: the next full sync rebuilds it whole); each bucket's hash goes to `listed`, so it is
 * not read again to compare. A bucket an earlier group of the same run has already planned is
 * read from `planned`, not KV (which holds it only once the run applies): a bucket is read,
 * changed and written whole, so reading KV there would drop the earlier group's changes.
 */
async function readSkuBuckets(
  kv: KVNamespace,
  store: string,
  skus: readonly string[],
  listed: Map<string, string | undefined>,
  planned: ReadonlyMap<string, string>,
): Promise<Map<string, SkuIndexBucket>> {
  const keys = [...new Set(skus.map((sku) => contentKeys.skuIndex(store, sku)))];
  const read = await Promise.all(keys.map((key) => (planned.has(key) ? { value: planned.get(key)!, metadata: null } : kv.getWithMetadata<{ hash?: string }>(key, 'text'))));
  const buckets = new Map<string, SkuIndexBucket>();
  keys.forEach((key, index) => {
    const { value, metadata } = read[index]!;
    // A key that exists without a hash still exists: '' keeps it apart from a missing key (and a
    // planned bucket is always written again, so this run's last word on it is the one applied).
    listed.set(key, value === null ? undefined : (metadata?.hash ?? ''));
    const bucket = skuIndexSchema.safeParse(parseJson(value));
    buckets.set(key, bucket.success ? { ...bucket.data } : {});
  });
  return buckets;
}

async function oldProduct(kv: KVNamespace, store: string, urlKey: string): Promise<Product | null> {
  const parsed = productSchema.safeParse(await kv.get(contentKeys.product(store, urlKey), 'json'));
  return parsed.success ? parsed.data : null;
}

async function productChange(client: BackendClient, kv: KVNamespace, store: string, request: NamedRequest, planned: ReadonlyMap<string, string>): Promise<Change> {
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
  const listed = new Map<string, string | undefined>();
  // The SKU index buckets of every SKU the products had or have, each read once.
  const skus = [...new Set([...found.map((product) => product.sku), ...before.flatMap((product) => (product ? [product.sku] : []))])];
  const buckets = await readSkuBuckets(kv, store, skus, listed, planned);
  const bucketOf = (sku: string) => buckets.get(contentKeys.skuIndex(store, sku))!;
  // A saved product whose URL key changed: its SKU index still names the old key, whose record goes
  // (the old path then answers with the redirect the backend keeps).
  const moves = found.map((product) => ({ product, previous: bucketOf(product.sku)[product.sku] ?? null }));
  for (const [index, urlKey] of names.entries()) {
    const old = before[index];
    const now = found.find((product) => product.urlKey === urlKey);
    if (!now) deletes.push(contentKeys.product(store, urlKey));
    // A SKU gone (or moved to another SKU) leaves the index, unless another product holds it now.
    if (old && old.sku !== now?.sku && bucketOf(old.sku)[old.sku] === old.urlKey) delete bucketOf(old.sku)[old.sku];
  }
  for (const product of found) bucketOf(product.sku)[product.sku] = product.urlKey;
  // An emptied bucket is written empty, not deleted: a run applies every deletion after every put, so a
  // later group's put of the same bucket would be undone (the next full sync removes empty buckets).
  puts.push(...(await skuIndexEntries(store, buckets)));
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
  const affected = flattenCategories(tree).filter(({ subtreeIds }) => subtreeIds.some((id) => touched.has(id)));
  const members = new Map<number, Promise<Product[]>>();
  const productsIn = (categoryId: number) => {
    if (!members.has(categoryId)) members.set(categoryId, client.categoryProducts(store, categoryId));
    return members.get(categoryId)!;
  };
  for (const { category, subtreeIds } of affected) {
    const inSubtree = new Map<number, Product>();
    for (const product of (await Promise.all(subtreeIds.map(productsIn))).flat()) inSubtree.set(product.id, product);
    const pages = buildListingPages([category], [...inSubtree.values()]).filter((page) => page.categoryId === category.id);
    puts.push(...(await Promise.all(pages.map((page) => validatedEntry(contentKeys.listingPage(store, category.id, page.page), listingPageSchema, page)))));
    const members = categoryMembers([category], [...inSubtree.values()]).find((entry) => entry.category.id === category.id)?.members ?? [];
    puts.push(await facetIndexEntry(store, category.id, members));
    // Pages past the new last one (the category shrank) go; the listing tells which pages changed.
    const pagesBefore = await listHashes(kv, [`${contentKeys.listingPage(store, category.id, 1).slice(0, -1)}`]);
    const kept = new Set(pages.map((page) => contentKeys.listingPage(store, category.id, page.page)));
    deletes.push(...[...pagesBefore.keys()].filter((name) => !kept.has(name)));
    for (const [key, hash] of pagesBefore) listed.set(key, hash ?? '');
    for (const key of kept) if (!pagesBefore.has(key)) listed.set(key, undefined);
  }
  puts.push(await entry(contentKeys.redirects(store, 'product'), redirectMap(moved)));
  const movedKeys = moves.filter(({ product, previous }) => previous !== null && previous !== product.urlKey).map(({ previous }) => previous!);
  const goneKeys = names.filter((urlKey) => !found.some((product) => product.urlKey === urlKey));
  const index = await indexChange(kv, store, 'product', found.map((product) => product.urlKey), [...goneKeys, ...movedKeys]);
  if (index) puts.push(index);
  return { puts, deletes, listed };
}

async function documentChange(client: BackendClient, kv: KVNamespace, store: string, request: NamedRequest): Promise<Change> {
  const isPage = request.type === 'cmsPages';
  const keyOf = (identifier: string) => (isPage ? contentKeys.cms(store, identifier) : contentKeys.blog(store, identifier));
  const records = await Promise.all(request.saved.map((identifier) => (isPage ? client.cmsPage(store, identifier) : client.blogPost(store, identifier))));
  const found = records.filter((record) => record !== null);
  const forms = isPage ? await formsOfPages(client, store, found as Parameters<typeof formsOfPages>[2]) : [];
  const puts = await Promise.all([
    ...found.map((record) => checkedEntry(keyOf(record.identifier), record, { updatedAt: record.updatedAt })),
    ...forms.map((form) => entry(contentKeys.form(store, form.code), form)),
  ]);
  const gone = [...request.saved.filter((identifier) => !found.some((record) => record.identifier === identifier)), ...request.deleted];
  const index = await indexChange(kv, store, isPage ? 'cms' : 'blog', found.map((record) => record.identifier), gone);
  if (index) puts.push(index);
  return { puts, deletes: [...new Set(gone)].map(keyOf), listed: new Map() };
}

/** The current hash of each key not listed already (a handful: records, SKU index, redirects). */
async function currentHashes(kv: KVNamespace, change: Change): Promise<Map<string, string | undefined>> {
  const hashes = new Map(change.listed);
  const unknown = [...new Set([...change.puts.map((put) => put.key), ...change.deletes])].filter((key) => !hashes.has(key));
  const read = await Promise.all(unknown.map((key) => kv.getWithMetadata<{ hash?: string }>(key, 'text')));
  unknown.forEach((key, index) => {
    const found = read[index]!;
    // A key that exists without a hash still exists: '' keeps it apart from a missing key.
    if (found.value !== null) hashes.set(key, found.metadata?.hash ?? '');
  });
  return hashes;
}

/**
 * Plans the named records of `request` in one store: fetched and compared, nothing written; throws
 * BackendError on a backend failure.
 */
/** `planned`: the SKU index buckets earlier steps of this run wrote, key → value (readSkuBuckets). */
export async function planNamed(client: BackendClient, kv: KVNamespace, store: string, request: NamedRequest, planned: ReadonlyMap<string, string> = new Map()): Promise<PartPlan> {
  const change = request.type === 'products' ? await productChange(client, kv, store, request, planned) : await documentChange(client, kv, store, request);
  const hashes = await currentHashes(kv, change);
  const changed = change.puts.filter((put) => hashes.get(put.key) !== put.hash);
  const removed = [...new Set(change.deletes)].filter((key) => hashes.get(key) !== undefined && !change.puts.some((put) => put.key === key));
  const ops: KvOp[] = [...changed.map(putOf), ...removed.map((key): KvOp => ({ kind: 'delete', key }))];
  let digest: string | null = null;
  if (ops.length > 0) {
    const part = `${store}:${request.type}`;
    const previous = (await readPulse(kv))?.digests[part] ?? '';
    const changes = [...changed.map((put) => `${put.key}=${put.hash}`), ...removed.map((key) => `${key}=-`)].sort().join('\n');
    digest = await sha256Hex(`${previous}\n${await sha256Hex(changes)}`);
  }
  return { store, type: request.type, count: request.saved.length + request.deleted.length, ops, unchanged: change.puts.length - changed.length, digest };
}
