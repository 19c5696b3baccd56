/** A price as the shopper reads it, in the store's currency and the visitor's locale. */
export function formatPrice(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch (error) {
    // A bad `data-currency` must not blank the card: show the amount with the code instead.
    if (!(error instanceof RangeError)) throw error;
    return `${amount.toFixed(2)} ${currency}`;
  }
}
