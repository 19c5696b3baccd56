/** Amounts are decimal with two places; rounding after each product keeps float noise out of totals. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** Minor units (cents) for payment providers. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}
