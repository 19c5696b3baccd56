/** Small text helpers shared by the islands. */
import type { Address } from './types.ts';

/** "Color: Navy, Size: M" for a cart or order line's options; empty when it has none. */
export function optionSummary(options: Record<string, string>): string {
  const parts = Object.entries(options).map(([code, label]) => `${code.charAt(0).toUpperCase()}${code.slice(1)}: ${label}`);
  return parts.length > 0 ? `${parts.join(', ')} ·` : '';
}

export function errorMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/** One line naming an address: "Ada Lovelace, 12 Analytical Way, 12345 Springfield, US". */
export function addressSummary(address: Address): string {
  return `${address.firstName} ${address.lastName}, ${address.street.join(', ')}, ${address.postcode} ${address.city}, ${address.countryId}`;
}

/** What an order's status means to the shopper, in the same words as the admin's. */
export { orderStatusLabel } from '../../../contracts/order-status.ts';
