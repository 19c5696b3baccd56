import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/database.ts';
import { b2bAccessRuleProducts, b2bAccessRules, b2bAccessState } from '../tables.ts';
import type { Rule } from './schema.ts';

type RuleRow = typeof b2bAccessRules.$inferSelect;

/** A stored rule as the API and the engine see it; `productIds` come from the legacy link table. */
export function ruleOf(row: RuleRow, productIds: number[]): Rule {
  return {
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    priority: row.priority,
    scope: row.scope,
    // Stored as sent; `treeProblem` tells whether it can match (a malformed tree is reported, never matched).
    conditions: (row.conditions ?? null) as Rule['conditions'],
    legacy: { categoryIds: row.legacyCategoryIds, productIds },
    actions: row.actions,
    enforcement: row.enforcement,
    hiddenPriceMessage: row.hiddenPriceMessage,
  };
}

/** The rules of these rows with their legacy product links, in one more query. */
export async function withProductLinks(db: Db, rows: RuleRow[]): Promise<Rule[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(b2bAccessRuleProducts)
    .where(
      inArray(
        b2bAccessRuleProducts.ruleId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(b2bAccessRuleProducts.productId));
  const byRule = new Map<number, number[]>();
  for (const link of links) byRule.set(link.ruleId, [...(byRule.get(link.ruleId) ?? []), link.productId]);
  return rows.map((row) => ruleOf(row, byRule.get(row.id) ?? []));
}

/** Every rule in evaluation order (DECISIONS.md 16: priority ascending, then id). */
export async function loadAllRules(db: Db): Promise<Rule[]> {
  return withProductLinks(db, await db.select().from(b2bAccessRules).orderBy(asc(b2bAccessRules.priority), asc(b2bAccessRules.id)));
}

/** Marks the rules changed; call it in the transaction of the change. */
export async function bumpRulesVersion(db: Db): Promise<void> {
  await db
    .insert(b2bAccessState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: b2bAccessState.id, set: { version: sql`${b2bAccessState.version} + 1` } });
}
