import type { ModuleDefinition } from '../core/modules/define-module.ts';
import { storefrontConnector } from './storefront-connector/index.ts';

/** The modules the server loads, in order. A module that is not listed leaves no trace. */
export const installedModules: ModuleDefinition[] = [storefrontConnector()];
