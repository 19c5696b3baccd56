/**
 * The B2B modules' client scripts a page loads (SPEC.md "B2B integration contract" 4): the `script`
 * of each manifest the sync registered in the store config's `extensions.b2bPlugins`. Only paths the
 * storefront itself serves (`/plugins/{module}.js`, proxied from the backend) are loaded: the CSP
 * admits same-origin scripts only, and a manifest is backend data, not something to trust blindly.
 */
import { z } from 'zod';
import { b2bPluginManifestSchema, type StoreConfig } from '../content/schemas.ts';

const PLUGIN_SCRIPT = /^\/plugins\/[a-z][a-z0-9]*(-[a-z0-9]+)*\.js$/;
const manifestsSchema = z.array(b2bPluginManifestSchema.loose());

/** Script paths to load on every HTML page, in manifest order, each once. */
export function pluginScripts(config: Pick<StoreConfig, 'extensions'> | undefined): string[] {
  const manifests = manifestsSchema.safeParse(config?.extensions.b2bPlugins);
  if (!manifests.success) return [];
  const scripts = manifests.data.map((manifest) => manifest.script).filter((script): script is string => script !== undefined && PLUGIN_SCRIPT.test(script));
  return [...new Set(scripts)];
}
