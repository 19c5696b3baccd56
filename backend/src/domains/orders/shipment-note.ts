/**
 * How a shipment is kept: a row of order_history of kind `shipped` whose message names the tracking
 * reference. order_history has no tracking column (shipping came without a migration), so the
 * reference rides in the message, as refunds do (refund-entry.ts); it is written and read only here,
 * so the sentence the admin reads and the reference the shopper is shown cannot drift apart.
 */
export const shipmentKind = 'shipped';

const withTracking = /^Shipped, tracking (.+)\.$/s;

export const shipmentNote = (reference: string): string => (reference ? `Shipped, tracking ${reference}.` : 'Shipped.');

/** The tracking reference of a shipment note, or null when it was shipped without one. */
export function trackingOf(message: string): string | null {
  return withTracking.exec(message)?.[1] ?? null;
}
