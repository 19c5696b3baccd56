/**
 * The origin for absolute URLs in page markup (canonical link, structured data): the public origin
 * of the store (DECISIONS.md 11, 54), since search engines want canonical URLs absolute.
 */
import { publicOriginForUrl } from '../config.ts';

export function pageOrigin(url: URL): string {
  return publicOriginForUrl(url);
}

export function absolutePageUrl(path: string, url: URL): string {
  return new URL(path, `${pageOrigin(url)}/`).href;
}
