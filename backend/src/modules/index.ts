import type { ModuleDefinition } from '../core/modules/define-module.ts';

/** The modules the server loads, in order. A module that is not listed leaves no trace. */
export const installedModules: ModuleDefinition[] = [];
