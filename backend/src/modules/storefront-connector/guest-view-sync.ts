/**
 * DECISIONS.md 62: access changes reach the storefront within seconds. A burst of `guest_view_changed`
 * (B2B Access rules saved, module configurations whose discovery answer or annotations guests read)
 * becomes, after the same debounce as a product save: the store config sync when a discovery answer
 * moved (the storefront keeps the manifests there), then the products named (their pages, listings
 * and SKU index), or every product when any publisher could not tell which; then the zone purge of
 * the named products' pages. A full products sync moves `pulse`, which retires every cached page.
 */
import type { DeliveredEvent, NotificationPayload } from '../../platform/events/notifications.ts';
import { productUrlKeys } from './paths.ts';
import { Runner, type ConnectorContext } from './runner.ts';

type Change = NotificationPayload<'guest_view_changed'>;

export async function syncGuestViewChanges(events: ReadonlyArray<DeliveredEvent<'guest_view_changed'>>, ctx: ConnectorContext): Promise<void> {
  const changes: Change[] = events.map((event) => event.payload);
  const runner = new Runner(ctx);
  const named = changes.flatMap((change) => change.productIds ?? []);
  const wholeCatalog = changes.some((change) => change.productIds === null);
  // A change that moved nothing for guests still gets the (cheap) config sync: the admin's
  // save-status line waits for a sync, and the storefront's copy of the discovery answers is confirmed.
  if (changes.some((change) => change.storeConfig) || (!wholeCatalog && named.length === 0)) {
    const outcome = await runner.sync('config', 'access_changed');
    if (!outcome.ok) return;
  }
  if (wholeCatalog) {
    await runner.sync('products', 'access_changed');
    return;
  }
  const urlKeys = await productUrlKeys(ctx, named);
  if (urlKeys.length === 0) return;
  const outcome = await runner.sync('products', 'access_changed', { urlKeys });
  if (outcome.ok) await runner.purgeCloudflare(urlKeys.map((key) => `/${key}`), 'access_changed');
}
