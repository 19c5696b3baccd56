/**
 * The one money formatter of the storefront: Intl.NumberFormat for the store's locale and
 * currency. Formatters are cached per isolate because constructing one is the costly part.
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

function createFormat(locale: string, currency: string): PriceFormat {
  try {
    const intl = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return (amount) => intl.format(amount);
  } catch (error) {
    // An unknown currency code (RangeError): still show the amount, labelled with the code.
    console.error(`Cannot format currency ${currency} for ${locale}: ${String(error)}`);
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (amount) => `${intl.format(amount)} ${currency}`;
  }
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
  const base = priceFormatter(locale, code);
  const format: PriceFormat = (amount) => {
    const text = base(amount);
    return text.includes(code) ? text : `${text} ${code}`;
  };
  markdownCache.set(cacheKey, format);
  return format;
}
