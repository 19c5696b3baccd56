import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const instant = () => timestamp({ withTimezone: true, precision: 0, mode: 'date' });

/**
 * Access rules (DECISIONS.md 29). Scope, actions and the condition tree are JSON: they are read whole,
 * with every active rule, once per configuration version; never queried field by field.
 */
export const b2bAccessRules = pgTable(
  'b2b_access_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    isActive: boolean().notNull(),
    priority: integer().notNull(),
    scope: jsonb().$type<{ customerGroupIds: number[]; storeCodes: string[]; countries: string[] }>().notNull(),
    /** The condition tree (DECISIONS.md 17), or null: then the legacy lists decide. Stored as sent, so a malformed tree can be reported. */
    conditions: jsonb().$type<unknown>(),
    /** The legacy flat category-id column (SPEC.md "Legacy rules"); its product links are in b2b_access_rule_products. */
    legacyCategoryIds: integer().array().notNull(),
    actions: jsonb().$type<{ hideFromListings: boolean; hidePrice: boolean; blockPurchase: boolean; redirectToCmsPage: string | null }>().notNull(),
    enforcement: text().$type<'visibility' | 'checkout' | 'both'>().notNull(),
    hiddenPriceMessage: text(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [index('b2b_access_rules_priority_idx').on(t.priority, t.id)],
);

/** The legacy product-link table: products a rule without a condition tree applies to. */
export const b2bAccessRuleProducts = pgTable(
  'b2b_access_rule_products',
  {
    ruleId: integer()
      .notNull()
      .references(() => b2bAccessRules.id, { onDelete: 'cascade' }),
    productId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.productId] })],
);

/**
 * One row: the version of the rules, bumped in the transaction of every rule change. Requests read it
 * (one tiny query) to know whether the rules they hold in memory are still current, so several
 * backend processes sharing the database never serve stale rules.
 */
export const b2bAccessState = pgTable('b2b_access_state', {
  id: smallint().primaryKey(),
  version: integer().notNull(),
});
