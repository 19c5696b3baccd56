import { EventBus } from '../events/event-bus.ts';
import type { AdminNavItem, ModuleDefinition } from './define-module.ts';
import { HookRegistry } from './hooks.ts';

/** What the loaded modules contribute, wired once per app. */
export interface ModuleRegistry {
  events: EventBus;
  hooks: HookRegistry;
  modules: readonly ModuleDefinition[];
  adminNav: AdminNavItem[];
}

export function loadModules(modules: readonly ModuleDefinition[]): ModuleRegistry {
  const seen = new Set<string>();
  const events = new EventBus();
  const hooks = new HookRegistry();
  for (const module of modules) {
    if (seen.has(module.id)) throw new Error(`Module ${module.id} is listed twice.`);
    seen.add(module.id);
    // Each entry pairs an event with its own payload type (checked where the module is written); TypeScript
    // cannot follow that pairing through a union, hence the casts here and nowhere else.
    for (const subscriber of module.subscribers ?? []) events.on(subscriber.event, subscriber.handle as never);
    for (const registration of module.hooks ?? []) hooks.register(registration.hook, registration.handle as never);
  }
  return { events, hooks, modules, adminNav: modules.flatMap((m) => m.adminPages ?? []) };
}
