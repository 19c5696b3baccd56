import type { AnyModule } from '../core/modules/define-module.ts';
import { storefrontConnector } from './storefront-connector/index.ts';

/** Every module this backend ships, in load order. */
export const availableModules: readonly AnyModule[] = [storefrontConnector];

/**
 * The modules to load: `MODULES` lists ids separated by commas (unset: all of them; blank: none).
 * An unknown id stops the start, naming the ids there are.
 */
export function selectModules(list: string | undefined): AnyModule[] {
  if (list === undefined) return [...availableModules];
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !availableModules.some((module) => module.id === id));
  if (unknown.length > 0) throw new Error(`MODULES names unknown modules: ${unknown.join(', ')}. Available: ${availableModules.map((m) => m.id).join(', ')}.`);
  return availableModules.filter((module) => ids.includes(module.id));
}
