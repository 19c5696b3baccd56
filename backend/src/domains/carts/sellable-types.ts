// The shapes a cart addition resolves to, in a file of their own: sellable.ts calls each type's choice
// (bundle-choice.ts...) and each choice names these, so defining them in sellable.ts closed a type cycle.
import type { ProductType } from '../../platform/db/schema/index.ts';
import type { AppError } from '../../platform/errors.ts';
import type { LineConfiguration } from './configuration.ts';

/** What a cart line holds: the product sold and what was chosen for it. */
export interface Sellable {
  productId: number;
  /** The configurable or grouped product it was picked from. */
  parentId: number | null;
  sku: string;
  /** Chosen configurable options, attribute code → value index. */
  options: Record<string, number>;
  configuration: LineConfiguration | null;
}

/** One line to add: a sellable and how many. */
export interface Addition {
  sellable: Sellable;
  qty: number;
}

export interface ChosenProduct {
  id: number;
  sku: string;
  type: ProductType;
}

/** What one request line resolved to: its lines to add (all or none), or why it cannot be bought as asked. */
export type Resolution = Addition[] | AppError;
