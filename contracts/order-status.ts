/**
 * An order's status in words, one wording for the shopper (account, order page, lookup) and the
 * merchant (the admin's orders grid and order page): a complete order is one the shop has shipped,
 * so both read "Shipped" (issue 33 item 8). A status not listed reads as it is.
 */
const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = { pending: 'Awaiting payment', processing: 'Processing', complete: 'Shipped', canceled: 'Canceled' };

export function orderStatusLabel(status: string): string {
  return Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status]! : status;
}
