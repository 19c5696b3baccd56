/**
 * The origin for absolute URLs in page markup (canonical link, structured data): the configured
 * public origin of the store (DECISIONS.md 11) or else the origin the request came in on, since
 * search engines want canonical URLs absolute.
 */
import { publicOriginForUrl } from '../config.ts';

export function pageOrigin(url: URL): string {
  return publicOriginForUrl(url) ?? url.origin;
}

export function absolutePageUrl(path: string, url: URL): string {
  return new URL(path, `${pageOrigin(url)}/`).href;
}
