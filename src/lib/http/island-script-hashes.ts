/**
 * CSP hashes of the inline bootstrap scripts Astro writes into pages with islands: the
 * `<astro-island>` element definition, one script per client directive in use, and Solid's
 * hydration event buffer; and the one `<style>` of `<astro-island>` rules. Astro cannot emit these as files, so instead of loosening
 * `script-src 'self'` with 'unsafe-inline', the policy allows exactly these texts by hash.
 * They are hashed from the installed packages' own sources, so an upgrade changes them in step.
 */
import { createHash } from 'node:crypto';
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { generateHydrationScript } from 'solid-js/web';

/** The text between `<script>` and `</script>` of a complete script element. */
export function scriptBody(element: string): string {
  const match = /^<script[^>]*>([\s\S]*)<\/script>/.exec(element);
  if (!match?.[1]) throw new Error('Not a script element with a body');
  return match[1];
}

export function cspHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** Exactly the scripts the islands of this storefront use (client:load, client:idle, client:visible). */
export const ISLAND_SCRIPT_HASHES: readonly string[] = [
  islandScript,
  loadDirective,
  idleDirective,
  visibleDirective,
  scriptBody(generateHydrationScript()),
].map(cspHash);

/** The `astro-island { display: contents }` style element Astro writes before the first island. */
export const ISLAND_STYLE_HASH: string = cspHash(ISLAND_STYLES);
