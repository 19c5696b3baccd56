import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { configDiff } from '../../../platform/audit/config-diff.ts';
import { AppError } from '../../../platform/errors.ts';
import { invalidField } from '../../../platform/modules/config-store.ts';
import type { AccessContext } from '../context.ts';
import { treeProblem } from '../engine/conditions.ts';
import { forgetAccessSnapshot } from '../runtime/snapshot.ts';
import { b2bAccessRuleProducts, b2bAccessRules } from '../tables.ts';
import { announceRuleChange, guestImpact } from './guest-impact.ts';
import { bumpRulesVersion, ruleOf, withProductLinks } from './rows.ts';
import { ruleInputSchema, type Rule, type RuleInput } from './schema.ts';

/** A rule as the admin lists it: `malformed` says why its stored tree can never match (null when it can). */
export type RuleView = Rule & { malformed: string | null };

export function malformedReason(rule: Rule): string | null {
  if (rule.conditions === null) return null;
  const problem = treeProblem(rule.conditions);
  return problem ? `${problem.path ? `${problem.path}: ` : ''}${problem.message}` : null;
}

const viewOf = (rule: Rule): RuleView => ({ ...rule, malformed: malformedReason(rule) });
const subjectOf = (id: number) => `rule:${id}`;

function notFound(id: number): AppError {
  return new AppError('not_found', 'not_found', `No B2B access rule with id ${id}.`);
}

/** Parses a whole rule; the first problem answers 400 invalid_field with its dotted path (e.g. `conditions.conditions.1.operator`). */
async function parseRule(ctx: AccessContext, input: unknown): Promise<RuleInput> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AppError('invalid', 'invalid_field', 'Send the rule as a JSON object.', { field: '' });
  }
  const parsed = ruleInputSchema.safeParse(input);
  if (!parsed.success) throw invalidField(parsed.error);
  const rule = parsed.data;
  // Ids that name nothing would make a rule that silently never matches; say which one is wrong.
  const missing = async (ids: number[], existing: (ids: number[]) => Promise<Set<number>>) => {
    if (ids.length === 0) return undefined;
    const found = await existing(ids);
    const index = ids.findIndex((id) => !found.has(id));
    return index === -1 ? undefined : index;
  };
  const badProduct = await missing(rule.legacy.productIds, ctx.catalog.existingProductIds);
  if (badProduct !== undefined) throw invalidAt(`legacy.productIds.${badProduct}`, `No product with id ${rule.legacy.productIds[badProduct]}.`);
  const badCategory = await missing(rule.legacy.categoryIds, ctx.catalog.existingCategoryIds);
  if (badCategory !== undefined) throw invalidAt(`legacy.categoryIds.${badCategory}`, `No category with id ${rule.legacy.categoryIds[badCategory]}.`);
  return { ...rule, legacy: { categoryIds: [...new Set(rule.legacy.categoryIds)], productIds: [...new Set(rule.legacy.productIds)] } };
}

function invalidAt(field: string, message: string): AppError {
  return new AppError('invalid', 'invalid_field', `${field}: ${message}`, { field });
}

function columnsOf(rule: RuleInput, now: Date) {
  return {
    name: rule.name,
    isActive: rule.isActive,
    priority: rule.priority,
    scope: rule.scope,
    conditions: rule.conditions,
    legacyCategoryIds: rule.legacy.categoryIds,
    actions: rule.actions,
    enforcement: rule.enforcement,
    hiddenPriceMessage: rule.hiddenPriceMessage,
    updatedAt: now,
  };
}

async function writeProductLinks(ctx: AccessContext, ruleId: number, productIds: number[]): Promise<void> {
  await ctx.db.delete(b2bAccessRuleProducts).where(eq(b2bAccessRuleProducts.ruleId, ruleId));
  if (productIds.length > 0) await ctx.db.insert(b2bAccessRuleProducts).values(productIds.map((productId) => ({ ruleId, productId })));
}

async function findRule(ctx: AccessContext, id: number): Promise<Rule | undefined> {
  const rows = await ctx.db.select().from(b2bAccessRules).where(eq(b2bAccessRules.id, id));
  return (await withProductLinks(ctx.db, rows))[0];
}

const withoutId = ({ id: _id, ...rest }: Rule): RuleInput => rest;

/**
 * A rule change: one transaction (rows, version bump, audit entry, and the announcement of what it
 * changes for guests: DECISIONS.md 62), then this process's cached rules are dropped. `involved` are
 * the rules as they were and as they will be (read before the transaction: a concurrent edit of the
 * same rule could at worst widen or narrow the re-sync, which the next change or scheduled sync mends).
 */
async function changeRules<T>(ctx: AccessContext, involved: readonly (Rule | RuleInput)[], work: (tx: AccessContext) => Promise<T>): Promise<T> {
  const impact = await guestImpact(ctx, involved);
  const result = await ctx.transaction(async (tx) => {
    const done = await work(tx);
    await announceRuleChange(tx, involved, impact);
    return done;
  });
  forgetAccessSnapshot(ctx.db);
  return result;
}

/** The stored rule, or 404 (read before a change: its products are part of what the change touches). */
async function existingRule(ctx: AccessContext, id: number): Promise<Rule> {
  const rule = await findRule(ctx, id);
  if (!rule) throw notFound(id);
  return rule;
}

/** Rules sorted by priority then id, optionally filtered by name. */
export async function listRules(ctx: AccessContext, query: { search?: string; page: number; itemsPerPage: number }): Promise<{ member: RuleView[]; totalItems: number }> {
  const search = query.search?.trim();
  const where = search ? ilike(b2bAccessRules.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(b2bAccessRules)
      .where(where)
      .orderBy(asc(b2bAccessRules.priority), asc(b2bAccessRules.id))
      .limit(query.itemsPerPage)
      .offset((query.page - 1) * query.itemsPerPage),
    ctx.db.select({ n: count() }).from(b2bAccessRules).where(where),
  ]);
  return { member: (await withProductLinks(ctx.db, rows)).map(viewOf), totalItems: total?.n ?? 0 };
}

export async function getRule(ctx: AccessContext, id: number): Promise<RuleView> {
  const rule = await findRule(ctx, id);
  if (!rule) throw notFound(id);
  return viewOf(rule);
}

export async function createRule(ctx: AccessContext, input: unknown): Promise<RuleView> {
  const rule = await parseRule(ctx, input);
  return changeRules(ctx, [rule], async (tx) => {
    const now = tx.clock();
    const [row] = await tx.db.insert(b2bAccessRules).values({ ...columnsOf(rule, now), createdAt: now }).returning();
    if (!row) throw new Error('insert returned no row');
    await writeProductLinks(tx, row.id, rule.legacy.productIds);
    await bumpRulesVersion(tx.db);
    await tx.audit.record({ action: 'rule.created', subject: subjectOf(row.id), diff: configDiff({}, rule) });
    return viewOf(ruleOf(row, rule.legacy.productIds));
  });
}

/** Replaces the whole rule (omitted parts take their defaults, as on create). */
export async function updateRule(ctx: AccessContext, id: number, input: unknown): Promise<RuleView> {
  const rule = await parseRule(ctx, input);
  return changeRules(ctx, [await existingRule(ctx, id), rule], async (tx) => {
    const before = await findRule(tx, id);
    if (!before) throw notFound(id);
    const [row] = await tx.db.update(b2bAccessRules).set(columnsOf(rule, tx.clock())).where(eq(b2bAccessRules.id, id)).returning();
    if (!row) throw notFound(id);
    await writeProductLinks(tx, id, rule.legacy.productIds);
    await bumpRulesVersion(tx.db);
    await tx.audit.record({ action: 'rule.updated', subject: subjectOf(id), diff: configDiff(withoutId(before), rule) });
    return viewOf(ruleOf(row, rule.legacy.productIds));
  });
}

export async function deleteRule(ctx: AccessContext, id: number): Promise<void> {
  await changeRules(ctx, [await existingRule(ctx, id)], async (tx) => {
    const before = await findRule(tx, id);
    if (!before) throw notFound(id);
    await tx.db.delete(b2bAccessRules).where(eq(b2bAccessRules.id, id));
    await bumpRulesVersion(tx.db);
    await tx.audit.record({ action: 'rule.deleted', subject: subjectOf(id), diff: configDiff(withoutId(before), {}) });
  });
}

/** A copy named "<name> (copy)", inactive (so it changes nothing until reviewed), right after the original. */
export async function duplicateRule(ctx: AccessContext, id: number): Promise<RuleView> {
  const original = await findRule(ctx, id);
  if (!original) throw notFound(id);
  const name = `${original.name} (copy)`.slice(0, 200);
  return createRule(ctx, { ...withoutId(original), name, isActive: false, priority: Math.min(original.priority + 1, 1_000_000) });
}

export async function setRuleActive(ctx: AccessContext, id: number, isActive: boolean): Promise<RuleView> {
  return changeRules(ctx, [await existingRule(ctx, id)], async (tx) => {
    const before = await findRule(tx, id);
    if (!before) throw notFound(id);
    await tx.db.update(b2bAccessRules).set({ isActive, updatedAt: tx.clock() }).where(eq(b2bAccessRules.id, id));
    await bumpRulesVersion(tx.db);
    await tx.audit.record({ action: isActive ? 'rule.activated' : 'rule.deactivated', subject: subjectOf(id), diff: { isActive: { from: before.isActive, to: isActive } } });
    return viewOf({ ...before, isActive });
  });
}

/**
 * Gives the rules named priorities 10, 20, 30… in the order sent. Rules not named keep theirs (the
 * grid may send the rules of a filtered view).
 */
export async function reorderRules(ctx: AccessContext, ids: unknown): Promise<RuleView[]> {
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > 10_000 || !ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)) {
    throw invalidAt('ids', 'Send the rule ids as a non-empty list, in the new order.');
  }
  const order = ids as number[];
  const twice = order.findIndex((id, index) => order.indexOf(id) !== index);
  if (twice !== -1) throw invalidAt(`ids.${twice}`, `Rule ${order[twice]} is listed twice.`);
  const involved = await withProductLinks(ctx.db, await ctx.db.select().from(b2bAccessRules).where(inArray(b2bAccessRules.id, order)));
  return changeRules(ctx, involved, async (tx) => {
    const existing = await tx.db.select({ id: b2bAccessRules.id, priority: b2bAccessRules.priority }).from(b2bAccessRules).where(inArray(b2bAccessRules.id, order));
    const unknown = order.findIndex((id) => !existing.some((row) => row.id === id));
    if (unknown !== -1) throw invalidAt(`ids.${unknown}`, `No B2B access rule with id ${order[unknown]}.`);
    const now = tx.clock();
    const priorities = order.map((id, index) => ({ id, priority: (index + 1) * 10 }));
    for (const { id, priority } of priorities) await tx.db.update(b2bAccessRules).set({ priority, updatedAt: now }).where(eq(b2bAccessRules.id, id));
    await bumpRulesVersion(tx.db);
    const diff = Object.fromEntries(priorities.map((p) => [`rule:${p.id}.priority`, { from: existing.find((row) => row.id === p.id)?.priority, to: p.priority }]));
    await tx.audit.record({ action: 'rule.reordered', subject: 'rules', diff });
    const rows = await tx.db.select().from(b2bAccessRules).where(inArray(b2bAccessRules.id, order)).orderBy(asc(b2bAccessRules.priority), asc(b2bAccessRules.id));
    return (await withProductLinks(tx.db, rows)).map(viewOf);
  });
}

