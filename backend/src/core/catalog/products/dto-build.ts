import type { EventBus } from '../../events/event-bus.ts';
import type { ProductDetail } from './schemas.ts';

/**
 * Lets modules annotate each record for the caller (SPEC.md "Events": api_product_dto_build carries
 * customer_group_id). Records are passed by reference; subscribers edit `extensions` or withhold prices.
 */
export async function emitProductDtoBuild(events: EventBus, records: ProductDetail[], customerGroupId: number, view: 'listing' | 'detail'): Promise<void> {
  if (!events.hasSubscribers('api_product_dto_build')) return;
  for (const record of records) await events.emit('api_product_dto_build', { record, customer_group_id: customerGroupId, view });
}
