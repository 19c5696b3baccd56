/**
 * URLs from content (images, sample links, logos) are checked before they reach `src`/`href`:
 * Astro escapes attribute values but does not stop a `javascript:` URL from being a link.
 */

const SAFE_SCHEMES = new Set(['http:', 'https:']);

/**
 * The URL when it is root-relative ("/media/a.svg"), relative, or http(s); null for any other
 * scheme (javascript:, data:, vbscript:…) and for protocol-relative "//host" URLs.
 */
export function safeUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('//') || value.startsWith('\\')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return value;
  return SAFE_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`) ? value : null;
}

/** As safeUrl, and also inline raster/SVG images (`data:image/…`), which cannot run script in `<img>`. */
export function safeImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (value && /^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return value;
  return safeUrl(value);
}
