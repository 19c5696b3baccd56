/**
 * The one money format of the backend's own pages and emails (issue 33 item 8): Intl's currency
 * style, cached per locale and currency. The admin formats in en-US, where a symbol another
 * currency shares is told apart ("$184.00" is US dollars, "A$184.00" Australian, "€12.00"); emails
 * use the store view's locale, the one its shopper reads.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format;
}

/** "$184.00", "A$89.50"; a code Intl does not know still shows with its amount ("12.50 XYZ"). */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  try {
    return formatFor(locale.replace('_', '-'), code).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}
