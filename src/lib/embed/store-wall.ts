/**
 * Whether B2B Access walls the whole store off from guests (DECISIONS.md 43): then
 * `/embed/products` answers guests with no products. Read from the access manifest the sync
 * registers in the store config (`extensions.b2bPlugins`); a missing or malformed manifest, or
 * one without a wall, reads as no wall.
 */
import { z } from 'zod';
import type { StoreConfig } from '../content/schemas.ts';

const wallingManifestSchema = z.object({
  code: z.literal('access'),
  config: z.object({ enabled: z.boolean().default(true), loginWall: z.object({ storeWide: z.boolean() }) }),
});

export function isStoreWalled(config: Pick<StoreConfig, 'extensions'>): boolean {
  const manifests = config.extensions.b2bPlugins;
  if (!Array.isArray(manifests)) return false;
  return manifests.some((manifest: unknown) => {
    const access = wallingManifestSchema.safeParse(manifest);
    return access.success && access.data.config.enabled && access.data.config.loginWall.storeWide;
  });
}
