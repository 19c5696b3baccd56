/** Small text helpers shared by the islands. */

/** "Color: Navy, Size: M" for a cart or order line's options; empty when it has none. */
export function optionSummary(options: Record<string, string>): string {
  const parts = Object.entries(options).map(([code, label]) => `${code.charAt(0).toUpperCase()}${code.slice(1)}: ${label}`);
  return parts.length > 0 ? `${parts.join(', ')} ·` : '';
}

export function errorMessage(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
