/**
 * Writes B2B module manifests into a test shop's store config the way the sync registers them
 * (`extensions.b2bPlugins`, SPEC.md integration contract), through `/cache/update`, so storefront
 * tests of the wall and the templates need no particular backend module configuration.
 */
import { expect } from 'vitest';
import type { StoreConfig } from '../../src/lib/content/schemas.ts';
import type { TestShop } from './shop.ts';

export async function withManifests(shop: TestShop, manifests: unknown[]): Promise<void> {
  const config = (await shop.kv.get('default:config', 'json')) as StoreConfig;
  const value = { ...config, extensions: { ...config.extensions, b2bPlugins: manifests } };
  const response = await shop.manage('/cache/update', { key: 'default:config', value });
  expect(response.status, await response.clone().text()).toBe(200);
}

export const registrationManifest = { code: 'registration', config: { enabled: true, formCodes: ['trade'], applyPath: '/trade-account' } };

export function accessManifest(loginWall: { storeWide: boolean; redirectTo: string; exemptPaths: string[] }, loginMessage = 'Members only: sign in to shop.') {
  return { code: 'access', script: '/plugins/b2b-access.js', config: { enabled: true, hiddenPriceMessage: 'Sign in to see prices', loginMessage, loginWall } };
}
