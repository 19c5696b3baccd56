/**
 * A store view's public keys for the embeddable widget (DECISIONS.md 32): the payment provider's
 * publishable key and the address-autocomplete key. Both are public by nature (they go to every
 * visitor's browser); the secret half of the payment provider stays in the backend's environment.
 * Admin settings per store view, audited, answered on `/store-config` and so synced to the storefront.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { configDiff } from '../../platform/audit/config-diff.ts';
import { recordAudit, type AuditActor } from '../../platform/audit/service.ts';
import type { Db } from '../../platform/db/database.ts';
import { stores } from '../../platform/db/schema/index.ts';

export const WidgetKeysInput = z
  .object({
    paymentPublishableKey: z
      .string()
      .trim()
      .regex(/^(pk_(test|live)_[A-Za-z0-9]{8,250})?$/, 'A Stripe publishable key starts with pk_test_ or pk_live_ (blank: the provider\'s configured key).'),
    mapsKey: z
      .string()
      .trim()
      .regex(/^([A-Za-z0-9_.-]{10,250})?$/, 'A maps key is 10 to 250 letters, digits, "-", "_" or "." (blank: plain address fields).'),
  })
  .strict();
export type WidgetKeys = z.infer<typeof WidgetKeysInput>;

export async function loadWidgetKeys(db: Db, storeId: number): Promise<WidgetKeys> {
  const [row] = await db.select({ paymentPublishableKey: stores.paymentPublishableKey, mapsKey: stores.mapsKey }).from(stores).where(eq(stores.id, storeId));
  return { paymentPublishableKey: row?.paymentPublishableKey ?? '', mapsKey: row?.mapsKey ?? '' };
}

/** Replaces the store view's keys and records the change, in one transaction. */
export async function updateWidgetKeys(db: Db, store: { id: number; code: string }, keys: WidgetKeys, actor: AuditActor): Promise<WidgetKeys> {
  return db.transaction(async (tx) => {
    const before = await loadWidgetKeys(tx, store.id);
    await tx.update(stores).set(keys).where(eq(stores.id, store.id));
    const diff = configDiff(before, keys);
    if (Object.keys(diff).length > 0) await recordAudit(tx, { actor, module: 'core', action: 'store.widget_keys_updated', subject: `store:${store.code}`, diff });
    return loadWidgetKeys(tx, store.id);
  });
}
