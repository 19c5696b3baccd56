/**
 * UCP amounts are integers in the currency's minor unit (cents); the backend answers decimals. The
 * shop's currencies have two decimals (USD, EUR, AUD), so the factor is 100; a zero-decimal currency
 * would need Intl's digits here.
 */
export function minorUnits(amount: number): number {
  return Math.round(amount * 100);
}
