import { sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/database.ts';
import { categories, stores } from '../../../core/db/schema/index.ts';
import type { AccessConfig } from '../config.ts';
import { prepareRules, type PreparedRule } from '../engine/evaluate.ts';
import { loadAllRules } from '../rules/rows.ts';
import { b2bAccessState } from '../tables.ts';
import type { AccessContext } from '../rules/service.ts';

/** What every decision of a request needs besides the product: read once per version, shared by requests. */
export interface AccessSnapshot {
  config: AccessConfig;
  rules: readonly PreparedRule[];
  /** A product's categories with all their ancestors (rules and the matrix match descendants through them). */
  withAncestors(categoryIds: readonly number[]): number[];
  storeCode(storeId: number): string | undefined;
  storeId(storeCode: string): number | undefined;
}

interface Loaded {
  version: string;
  rules: readonly PreparedRule[];
  parents: ReadonlyMap<number, number | null>;
  storeCodes: ReadonlyMap<number, string>;
}

/**
 * Rules, the category tree and the store codes change rarely and are needed on every catalog request,
 * so they are held in memory per database and reloaded when their version moves: the rules version
 * (bumped in the transaction of every rule change, so every backend process sees it) and a stamp of
 * the category tree and stores. Reading the version is one small query per request. This is a cache
 * of what the database holds, never the only copy; a transaction's context (another Db object) misses
 * it and reads afresh.
 */
const cache = new WeakMap<Db, Loaded>();

type VersionRow = { rules: number | null; tree: string | null; stores: string | null };

async function currentVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`
    select (select ${b2bAccessState.version} from ${b2bAccessState} where ${b2bAccessState.id} = 1) as rules,
           (select count(*) || ':' || coalesce(max(${categories.updatedAt})::text, '') from ${categories}) as tree,
           (select string_agg(${stores.id} || '=' || ${stores.code}, ',') from ${stores}) as stores`);
  // Both drivers answer { rows }; drizzle's shared type does not say so.
  const row = (result as unknown as { rows: VersionRow[] }).rows[0];
  return `${row?.rules ?? 0}|${row?.tree ?? ''}|${row?.stores ?? ''}`;
}

async function load(db: Db, version: string): Promise<Loaded> {
  const [rules, tree, storeRows] = await Promise.all([
    loadAllRules(db),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
    db.select({ id: stores.id, code: stores.code }).from(stores),
  ]);
  return {
    version,
    rules: prepareRules(rules),
    parents: new Map(tree.map((node) => [node.id, node.parentId])),
    storeCodes: new Map(storeRows.map((store) => [store.id, store.code])),
  };
}

export async function accessSnapshot(ctx: AccessContext): Promise<AccessSnapshot> {
  const [config, version] = await Promise.all([ctx.config(), currentVersion(ctx.db)]);
  let loaded = cache.get(ctx.db);
  if (loaded?.version !== version) {
    loaded = await load(ctx.db, version);
    cache.set(ctx.db, loaded);
  }
  const { parents, storeCodes, rules } = loaded;
  return {
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
  };
}
