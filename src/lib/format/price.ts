/**
 * The one money formatter of the storefront: Intl.NumberFormat for the store's locale and
 * currency. Formatters are cached per isolate because constructing one is the costly part.
 *
 * A bare "$" is the dollar of a dozen currencies: where the locale's own symbol for a currency other
 * than the US dollar is "$" (en-AU's AUD), the price takes the currency's international symbol, as
 * Intl's en-US data names it (A$, CA$, NZ$), so a shopper comparing stores, or an Australian store
 * beside a US one, is never left guessing (issue 33 item 4). Intl's `currencyDisplay` has no option
 * for that ("symbol" is the locale's own "$", "code" reads "AUD 89.50"), hence the swap of the
 * currency part.
 */

const FALLBACK_LOCALE = 'en-US';

/**
 * The backend speaks POSIX-style locales ("en_US"); Intl and `<html lang>` want BCP 47 ("en-US").
 * Anything Intl does not accept falls back to en-US rather than failing the page.
 */
export function toBcp47(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'))[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}

export type PriceFormat = (amount: number) => string;

const cache = new Map<string, PriceFormat>();

/** A function that formats an amount as money in the store's locale and currency. */
export function priceFormatter(locale: string, currency: string): PriceFormat {
  const cacheKey = `${locale}|${currency}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const format = createFormat(toBcp47(locale), currency.toUpperCase());
  cache.set(cacheKey, format);
  return format;
}

const currencyPart = (intl: Intl.NumberFormat) => intl.formatToParts(0).find((part) => part.type === 'currency')?.value;

function createFormat(locale: string, currency: string): PriceFormat {
  try {
    const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const international = currencyPart(intl) === '$' && currency !== 'USD' ? currencyPart(new Intl.NumberFormat('en-US', { style: 'currency', currency })) : undefined;
    if (!international || international === '$') return (amount) => intl.format(amount);
    return (amount) => intl.formatToParts(amount).map((part) => (part.type === 'currency' ? international : part.value)).join('');
  } catch (error) {
    // An unknown currency code (RangeError): still show the amount, labelled with the code.
    console.error(`Cannot format currency ${currency} for ${locale}: ${String(error)}`);
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (amount) => `${intl.format(amount)} ${currency}`;
  }
}

const localCache = new Map<string, PriceFormat>();

/** The locale's own money format, its own symbol as it is. */
function localFormatter(locale: string, currency: string): PriceFormat {
  const cacheKey = `${locale}|${currency}`;
  let format = localCache.get(cacheKey);
  if (!format) {
    try {
      const intl = new Intl.NumberFormat(toBcp47(locale), { style: 'currency', currency });
      format = (amount) => intl.format(amount);
    } catch {
      // An unknown currency code: the storefront's fallback, which names the code.
      format = priceFormatter(locale, currency);
    }
    localCache.set(cacheKey, format);
  }
  return format;
}

const markdownCache = new Map<string, PriceFormat>();

/**
 * Money for documents read out of context (markdown for agents): the store's own format with the
 * ISO currency code after it when the format does not show it, since a symbol alone is ambiguous
 * ("$19.00" is Australian dollars in the au store): "$19.00 AUD", "$19.00 USD"; a format that
 * already names the code (an unknown currency's fallback) is left as it is.
 */
export function markdownPriceFormatter(locale: string, currency: string): PriceFormat {
  const code = currency.toUpperCase();
  const cacheKey = `${locale}|${code}`;
  const cached = markdownCache.get(cacheKey);
  if (cached) return cached;
  // The locale's own format: the code after it says the currency already ("$19.00 AUD").
  const base = localFormatter(locale, code);
  const format: PriceFormat = (amount) => {
    const text = base(amount);
    return text.includes(code) ? text : `${text} ${code}`;
  };
  markdownCache.set(cacheKey, format);
  return format;
}
