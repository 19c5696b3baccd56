import { formatMoney } from '../../platform/money.ts';
import { z } from 'zod';

/**
 * How a refund is kept: a row of order_history of kind `refund` whose message is this JSON
 * document. order_history has no amount or reference column and refunds came without a migration,
 * so they ride in the message; it is written and read only here, and people see describeRefund's
 * sentence, never the JSON.
 */
export const refundKind = 'refund';

const RefundEntry = z.object({
  /** Minor units (cents), so sums are exact. */
  amountMinor: z.number().int().positive(),
  currency: z.string(),
  /** The provider's reference (Stripe's `re_…`). */
  reference: z.string(),
  /** Only refunds the provider accepted are kept: done, or under way (some need the customer's action). */
  status: z.enum(['succeeded', 'pending', 'requires_action']),
  reason: z.string(),
  /** The caller's idempotency key, if it gave one: asking again with it answers this refund. */
  key: z.string().nullable(),
});
export type RefundEntry = z.infer<typeof RefundEntry>;

export const encodeRefund = (entry: RefundEntry): string => JSON.stringify(entry);

/** The refund a history message holds; a message that is not one (never written so) gives undefined. */
export function decodeRefund(message: string): RefundEntry | undefined {
  try {
    const parsed = RefundEntry.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const fromMinorUnits = (amountMinor: number): number => amountMinor / 100;

export function describeRefund(entry: RefundEntry): string {
  const amount = formatMoney(fromMinorUnits(entry.amountMinor), entry.currency);
  const state = entry.status === 'succeeded' ? '' : `, ${entry.status.replace('_', ' ')} at the provider`;
  return `Refunded ${amount} (${entry.reference}${state})${entry.reason ? `: ${entry.reason}` : '.'}`;
}
