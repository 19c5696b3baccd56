// A file of its own: the rules service and the runtime snapshot both name this type and each calls the
// other, so defining it in the service closed a type cycle.
import type { ModuleContext } from '../../platform/modules/context.ts';
import type { AccessConfig } from './config.ts';

/** B2B Access's module context, its configuration typed. */
export type AccessContext = ModuleContext<AccessConfig>;
