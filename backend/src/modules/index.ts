import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyModule } from '../platform/modules/define-module.ts';

/**
 * Every module this backend ships: each folder here with an `index.ts` whose default export is its
 * definition, in the order of their ids. Found on disk, so adding or deleting a module's folder is the
 * whole change (nothing else names it).
 */
export async function availableModules(folder = import.meta.dirname): Promise<AnyModule[]> {
  const ids = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    ids.map(async (id) => {
      const module = ((await import(pathToFileURL(join(folder, id, 'index.ts')).href)) as { default?: AnyModule }).default;
      if (!module || module.id !== id) throw new Error(`src/modules/${id}/index.ts must export default the definition of module "${id}".`);
      return module;
    }),
  );
}

/**
 * The modules to load: `MODULES` lists ids separated by commas (unset: all of them; blank: none).
 * An unknown id stops the start, naming the ids there are.
 */
export function selectModules(list: string | undefined, available: readonly AnyModule[]): AnyModule[] {
  if (list === undefined) return [...available];
  const ids = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = ids.filter((id) => !available.some((module) => module.id === id));
  if (unknown.length > 0) throw new Error(`MODULES names unknown modules: ${unknown.join(', ')}. Available: ${available.map((m) => m.id).join(', ') || 'none'}.`);
  return available.filter((module) => ids.includes(module.id));
}
