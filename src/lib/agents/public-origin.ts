/**
 * The public origin of a request's store, on which every absolute URL of the agent documents is
 * built (DECISIONS.md 11). It comes from configuration, never from a raw Host header alone:
 *   1. a STORES entry with an explicit `origin`, or PUBLIC_ORIGIN for hosts STORES does not list;
 *   2. a local host (localhost, *.localhost, 127.0.0.0/8, [::1]): the request's own origin, so
 *      `npm start` and the tests work on any port without configuration;
 *   3. a host listed in STORES: `https://{host}` with the host as configured (a port added to the
 *      request's Host header does not leak in);
 *   4. anything else: the request's own origin (DECISIONS.md 54). A Worker only receives requests
 *      for hosts routed to it (its routes, custom domains, workers.dev), so a host name a client
 *      makes up never arrives; a fresh deploy's documents work on whichever of its hosts is asked.
 *      `npm run storefront:build -- --deploy` warns when neither PUBLIC_ORIGIN nor STORES names a
 *      public host, as each host then publishes its own URLs.
 * A preview deployment on another host name either sets its own PUBLIC_ORIGIN or lists its host.
 */

export interface OriginSources {
  /** The request's STORES entry with its configured host name, when the host is listed. */
  entry: { origin?: string | undefined; host: string } | undefined;
  /** PUBLIC_ORIGIN: the default store's origin. */
  publicOrigin: string | undefined;
}

export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function publicOrigin(url: URL, { entry, publicOrigin: configured }: OriginSources): string {
  const explicit = entry ? entry.origin : configured;
  if (explicit) return explicit;
  if (entry && !isLocalHost(url.hostname)) return `https://${entry.host}`;
  return url.origin;
}

/** An absolute URL on `origin` for a root-relative path (which may carry a query). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
