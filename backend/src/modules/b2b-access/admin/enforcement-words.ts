/**
 * A rule's enforcement in the merchant's words (issue 33 item 8: the grid said "both"). The stored
 * values stay DECISIONS.md 29's `visibility`, `checkout` and `both`.
 */
export const enforcementWords = {
  both: 'Listings, prices and checkout',
  visibility: 'Listings and prices only',
  checkout: 'Checkout only',
} as const;

export type Enforcement = keyof typeof enforcementWords;
