import type { ModuleContext } from '../../platform/modules/context.ts';
import type { PricingConfig } from './config.ts';

/** B2B Pricing's module context, its configuration typed. */
export type PricingContext = ModuleContext<PricingConfig>;
