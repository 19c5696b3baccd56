import { eq } from 'drizzle-orm';
import { configDiff } from '../../platform/audit/config-diff.ts';
import { recordAudit, type AuditActor } from '../../platform/audit/service.ts';
import type { Db } from '../../platform/db/database.ts';
import { shippingSettings } from '../../platform/db/schema/index.ts';
import type { ShippingRules } from './methods.ts';

/** The rules of a store view nobody has configured yet (the demo seed writes its own per store). */
export const defaultShippingRules: ShippingRules = {
  flatRate: 5,
  freeShippingThreshold: null,
  countryRates: {},
  otherCountriesRate: 10,
};

/** The store view's shipping rules, from the database. */
export async function loadShippingRules(db: Db, storeId: number): Promise<ShippingRules> {
  const [row] = await db.select().from(shippingSettings).where(eq(shippingSettings.storeId, storeId));
  if (!row) return { ...defaultShippingRules, countryRates: { ...defaultShippingRules.countryRates } };
  return { flatRate: row.flatRate, freeShippingThreshold: row.freeShippingThreshold, countryRates: row.countryRates, otherCountriesRate: row.otherCountriesRate };
}

/** Replaces the store view's rules. */
export async function saveShippingRules(db: Db, storeId: number, rules: ShippingRules): Promise<void> {
  const values = { ...rules, updatedAt: new Date() };
  await db
    .insert(shippingSettings)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: shippingSettings.storeId, set: values });
}

/** Replaces the store view's rules and records who changed what, in one transaction. */
export async function updateShippingRules(db: Db, store: { id: number; code: string }, rules: ShippingRules, actor: AuditActor): Promise<ShippingRules> {
  return db.transaction(async (tx) => {
    const before = await loadShippingRules(tx, store.id);
    await saveShippingRules(tx, store.id, rules);
    const diff = configDiff(before, rules);
    if (Object.keys(diff).length > 0) await recordAudit(tx, { actor, module: 'core', action: 'shipping.updated', subject: `store:${store.code}`, diff });
    return loadShippingRules(tx, store.id);
  });
}
