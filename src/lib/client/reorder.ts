/**
 * What *Order again* tells the shopper: the backend answers each order line's outcome in the
 * order's own order (`POST /cart/reorder/{number}`), so the names come from the order page's lines
 * by position. A refused line is named with the backend's reason, never dropped silently.
 */
import type { LineOutcome } from './types.ts';

export interface ReorderSummary {
  added: number;
  failed: { name: string; reason: string }[];
}

export function reorderSummary(names: readonly string[], outcomes: readonly LineOutcome[]): ReorderSummary {
  const summary: ReorderSummary = { added: 0, failed: [] };
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'added') summary.added += 1;
    else summary.failed.push({ name: names[index] ?? outcome.sku, reason: outcome.message ?? 'It cannot be added to the cart.' });
  });
  return summary;
}
