/**
 * The admin's one money notation, the storefront's (src/lib/format/price.ts): Intl's currency style
 * in en-US, so a symbol shared by several currencies is told apart ("$20.00", "A$20.00", "€20.00")
 * and every page, message and history line writes an amount the same way.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formats.set(code, format);
  }
  return format.format(amount);
}
