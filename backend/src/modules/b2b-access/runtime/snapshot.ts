import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { catalogChangeMarkers, catalogReads } from '../../../domains/catalog/module-reads.ts';
import { storeReads } from '../../../domains/stores/module-reads.ts';
import type { AccessConfig } from '../config.ts';
import type { ProductFacts } from '../engine/conditions.ts';
import { prepareRules, type PreparedRule } from '../engine/evaluate.ts';
import { loadAllRules } from '../rules/rows.ts';
import { b2bAccessState } from '../tables.ts';
import type { AccessContext } from '../context.ts';
import { holds, loadCatalogFacts, type CatalogFacts, type Wanted } from './facts.ts';

/** What every decision of a request needs besides the request itself: loaded once per version, shared by requests. */
export interface AccessSnapshot {
  config: AccessConfig;
  rules: readonly PreparedRule[];
  /** A product's categories with all their ancestors (rules and the matrix match descendants through them). */
  withAncestors(categoryIds: readonly number[]): number[];
  storeCode(storeId: number): string | undefined;
  storeId(storeCode: string): number | undefined;
  /**
   * Every product's facts and parents in the store (facts.ts). Naming the products the request will
   * judge reads the catalog again when one of them is newer than what is held (within the version's TTL).
   */
  catalog(storeId: number, wanted?: Wanted): Promise<CatalogFacts>;
  /** The facts of every listable product of the store (the rule editor's match count). */
  listableFacts(storeId: number): Promise<readonly ProductFacts[]>;
  /** Computes once per version and key (`key` must name everything the value depends on besides the version). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

interface Loaded {
  version: string;
  /** When the version was last read (ms): it is read at most once per `versionTtlMs`. */
  checkedAt: number;
  rules: readonly PreparedRule[];
  parents: ReadonlyMap<number, number | null>;
  storeCodes: ReadonlyMap<number, string>;
  catalogs: Map<number, Promise<CatalogFacts>>;
  memos: Map<string, Promise<unknown>>;
}

/**
 * Rules, the category tree, the store codes and the catalog's facts change rarely and are needed on
 * every catalog request, so they are held in memory per database and reloaded when their version
 * moves: the rules version (bumped in the transaction of every rule change, so every backend process
 * sees it) and stamps of the category tree, the stores and the products. This process's own rule
 * changes apply at once (`forgetAccessSnapshot`); another process's within `versionTtlMs`, as module
 * configurations do (platform/modules/config-store.ts). It caches what the database holds, never the only
 * copy; a transaction's context (another Db object) misses it and reads afresh.
 */
const cache = new WeakMap<Db, Loaded>();
const versionTtlMs = 1000;
/**
 * Bumped by every `forgetAccessSnapshot`: a load that began before a rule change committed may finish
 * after it, and must not put its older rules back in the cache for the next second.
 */
const generations = new WeakMap<Db, number>();

type VersionRow = { rules: number | null; tree: string | null; stores: string | null; catalog: string | null };

async function currentVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`
    select (select ${b2bAccessState.version} from ${b2bAccessState} where ${b2bAccessState.id} = 1) as rules,
           ${catalogChangeMarkers.tree} as tree,
           ${catalogChangeMarkers.stores} as stores,
           ${catalogChangeMarkers.catalog} as catalog`);
  // Both drivers answer { rows }; drizzle's shared type does not say so.
  const row = (result as unknown as { rows: VersionRow[] }).rows[0];
  return `${row?.rules ?? 0}|${row?.tree ?? ''}|${row?.stores ?? ''}|${row?.catalog ?? ''}`;
}

async function load(db: Db, version: string): Promise<Loaded> {
  const [rules, tree, storeRows] = await Promise.all([
    loadAllRules(db),
    catalogReads(db).categoryTree(),
    storeReads(db).all(),
  ]);
  return {
    version,
    checkedAt: Date.now(),
    rules: prepareRules(rules),
    parents: new Map(tree.map((node) => [node.id, node.parentId])),
    storeCodes: new Map(storeRows.map((store) => [store.id, store.code])),
    catalogs: new Map(),
    memos: new Map(),
  };
}

async function current(db: Db): Promise<Loaded> {
  const held = cache.get(db);
  if (held && Date.now() - held.checkedAt < versionTtlMs) return held;
  const generation = generations.get(db) ?? 0;
  const version = await currentVersion(db);
  if (held?.version === version) {
    held.checkedAt = Date.now();
    return held;
  }
  const loaded = await load(db, version);
  if ((generations.get(db) ?? 0) === generation) cache.set(db, loaded);
  return loaded;
}

/** Drops what this process holds, after a rule change committed: the next request reads afresh. */
export function forgetAccessSnapshot(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
  cache.delete(db);
}

export async function accessSnapshot(ctx: AccessContext): Promise<AccessSnapshot> {
  const [config, loaded] = await Promise.all([ctx.config(), current(ctx.db)]);
  const { parents, storeCodes, rules, catalogs, memos } = loaded;
  const once = <K, T>(map: Map<K, Promise<T>>, key: K, compute: () => Promise<T>): Promise<T> => {
    let held = map.get(key);
    if (!held) {
      held = compute();
      // A failed read must not stick: the error still reaches the caller, and the next request tries again.
      held.catch(() => map.delete(key));
      map.set(key, held);
    }
    return held;
  };
  const snapshot: AccessSnapshot = {
    config,
    rules,
    withAncestors(categoryIds) {
      const all = new Set<number>();
      for (const id of categoryIds) {
        // The tree is acyclic by construction; the size guard stops a corrupt parent chain from looping.
        for (let current: number | null | undefined = id; current != null && !all.has(current) && all.size <= parents.size; current = parents.get(current)) all.add(current);
      }
      return [...all];
    },
    storeCode: (storeId) => storeCodes.get(storeId),
    storeId: (code) => [...storeCodes].find(([, storeCode]) => storeCode === code)?.[0],
    async catalog(storeId, wanted = {}) {
      const read = () => loadCatalogFacts(ctx.db, storeId, snapshot.withAncestors);
      const held = await once(catalogs, storeId, read);
      if (holds(held, wanted)) return held;
      // A product created since the catalog was read (the version is re-read once a second): read it again.
      catalogs.delete(storeId);
      return once(catalogs, storeId, read);
    },
    listableFacts: async (storeId) => (await snapshot.catalog(storeId)).listable,
    memo: <T>(key: string, compute: () => Promise<T>) => once(memos as Map<string, Promise<T>>, key, compute),
  };
  return snapshot;
}
