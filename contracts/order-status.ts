/**
 * An order's status in the words its shopper reads, and the admin with them (issue 33 item 11: the
 * admin said "complete" where the shopper read "Shipped"). The backend only completes an order by
 * shipping it (backend/src/domains/orders/ship.ts), so `complete` reads "Shipped" everywhere.
 */
export const orderStatusWords: Readonly<Record<string, string>> = {
  pending: 'Awaiting payment',
  processing: 'Processing',
  complete: 'Shipped',
  canceled: 'Canceled',
};

/** The words for a status; one the map does not know shows as it is. */
export function orderStatusLabel(status: string): string {
  return orderStatusWords[status] ?? status;
}
