/**
 * The product types, one definition each (issue 32): every rule that differs by type is a field of
 * `ProductTypeDefinition`, and creation, patches, the price index, the storefront's detail records,
 * the admin record's parts, the cart's add-to-cart choice and the admin's product page read them
 * from `productTypes()` instead of branching on the type's name. A type's own code lives in its
 * folder `<type>/`, and `<type>/index.ts` gathers it into the definition; simple, virtual and
 * downloadable products share the self-priced pieces (`self-priced.ts`).
 *
 * File names say what a file is. In a type's folder: `price.ts` (its price-index rule), `detail.ts`
 * (its children on the storefront record), `parts.ts` (its parts on the admin API's record),
 * `cart-choice.ts` (what an add-to-cart request buys), `admin-*.ts` (the HTML of its section on the
 * admin product page); the rest are its services (schemas, reads and writes the admin API calls).
 * In `../products/`: `service.ts` the admin API's service, `*-routes.ts` HTTP routes
 * (`admin-api-routes.ts` the admin REST API), `admin/` the HTML admin pages.
 *
 * The map's order is the order the API reports type-specific input problems in (a configurable's
 * parts first, a downloadable's last) and the order the price index derives types in (self-priced
 * first, then configurables, whose stock is derived there, then the rest).
 */
import type { SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../../platform/db/database.ts';
import type { ProductType, products } from '../../../platform/db/schema/index.ts';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import type { AddItemInput } from '../../carts/schemas.ts';
import type { Addition, ChosenProduct } from '../../carts/sellable-types.ts';
import type { ConfigurableOption, ProductChildren } from '../products/schemas.ts';
import type { AdminComposition } from '../products/composition.ts';
import type { AdminProduct, ProductFields } from '../products/service.ts';
import type { ProductEdit } from '../products/admin/edit-data.ts';
import type { ChildForms } from './admin-section.ts';
import { simple } from './simple/index.ts';
import { virtual } from './virtual/index.ts';
import { configurable } from './configurable/index.ts';
import { grouped } from './grouped/index.ts';
import { bundle } from './bundle/index.ts';
import { giftcard } from './giftcard/index.ts';
import { downloadable } from './downloadable/index.ts';

/** The product-wide price a new product's price rows start from (products/service.ts `writePrices`). */
export interface BasePrices {
  price: number;
  specialPrice: number | null;
  specialPriceFrom: string | null;
  specialPriceTo: string | null;
}

/** Writes every store view's price row of the product being created: the base, or the view's own override. */
export type PriceWriter = (base: BasePrices, overrides: ProductFields['storeOverrides']) => Promise<void>;

/** The request fields that carry an add-to-cart choice. */
export type ChoiceField = 'options' | 'bundleOptions' | 'links' | 'giftcard' | 'groupedQuantities';

/** The API's input keys that belong to one type: required for it, refused for the others. */
export type PartKey = 'configurableAttributes' | 'variants' | 'linkedProducts' | 'bundleOptions' | 'giftcard' | 'downloadableLinks';

export interface ProductTypeDefinition {
  code: ProductType;
  /** Its price: its own price rows, or derived by the price index from its children or its amounts. */
  pricedBy: 'self' | 'children' | 'amounts';
  /** Its stock: its own, or derived from its children's (a configurable's is their sum). */
  stockedBy: 'self' | 'children';
  /** What a derived price comes from: as the API's refusal of a price says it ("priced by its variants"), and as the admin page does. */
  priceSource?: { api: string; page: string };
  /** The input keys of its parts, created with it (ProductInput). */
  parts: readonly PartKey[];
  /**
   * The part a patch replaces (`write`, in the patching transaction, once the patch is known to be
   * this type's), and why a patch of another type's product may not carry it.
   */
  patchPart?: { key: PartKey; refusal: (type: ProductType) => string; write: (db: Db, productId: number, part: never) => Promise<void> };
  /** Its own checks of a new product's input, after the shared ones. */
  validate?: (input: ProductFields, problem: (path: Array<string | number>, message: string) => void) => void;
  /** Writes a new product's price rows (through `writePrices`) and its parts, in the creating transaction. */
  create: (db: Db, product: typeof products.$inferSelect, input: ProductFields, writePrices: PriceWriter) => Promise<void>;
  /** The products deleted with it (a configurable's variants are its own). */
  ownedProducts?: (db: Db, productId: number) => Promise<number[]>;
  /** Recomputes the price index of these products of this type (types sharing a rule are reindexed together). */
  reindex: (db: Db, ids: number[]) => Promise<void>;
  /** Its parts on the admin API's record (products/admin-composition.ts), for a page of products of this type. */
  adminParts?: (db: Db, ids: number[]) => Promise<Map<number, AdminComposition>>;
  /** Its children on the storefront's detail record; `visible` leaves out those hidden from the caller. */
  detail?: (db: Db, storeId: number, parentIds: number[], visible: SQL | undefined) => Promise<Map<number, ProductChildren>>;
  /** The option values its listing record offers to filter by (`availableOptions`); `visible` leaves out variants hidden from the caller. */
  availableOptions?: (db: Db, storeId: number, parentIds: number[], visible: SQL | undefined) => Promise<Map<number, ConfigurableOption[]>>;
  /** What an add-to-cart request for it buys: `field` is the request field that carries its choice (none: it takes none). */
  cartChoice: { field?: ChoiceField; choose: (db: Db, storeId: number, product: ChosenProduct, input: AddItemInput, visible: SQL | undefined) => Promise<Addition[]> };
  /** Its own forms on the admin product page, below the product's one form (a configurable's add-variant and attributes: actions, not fields); `refused`: what a refused form typed. */
  adminSection?: (c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) => Promise<unknown>;
  /**
   * Its part's fields inside the product's one form (grouped members, bundle options, download
   * links, gift card settings), saved by the one Save: `render` shows them (saved, or as refused),
   * `read` turns what was typed into the API's patch of the part (empty when typed as saved) with a
   * way to show the service's refusal of it, or the section's refusal.
   */
  adminFields?: {
    render: (c: Context<AdminEnv>, edit: ProductEdit, refused: ChildForms) => Promise<unknown>;
    read: (db: Db, saved: AdminProduct, typed: Record<string, string | string[]>) => Promise<AdminPartRead>;
  };
}

/** A type's part as typed: its patch and how to show a refusal of it (the service's fields under its key, else `message`), or refused as typed. */
export type AdminPartRead =
  | { patch: Record<string, unknown>; refuse: (fields: Record<string, string>, message: string) => ChildForms }
  | { refused: ChildForms };

let byCode: ReadonlyMap<ProductType, ProductTypeDefinition> | undefined;

/**
 * Every type, in the order above. Built on first use, not on import: a type's folder imports the
 * services that read this map, so at import time a definition may not be evaluated yet.
 */
export function productTypes(): ReadonlyMap<ProductType, ProductTypeDefinition> {
  byCode ??= new Map([simple, virtual, configurable, grouped, bundle, giftcard, downloadable].map((definition) => [definition.code, definition]));
  return byCode;
}

export const productType = (code: ProductType): ProductTypeDefinition => productTypes().get(code)!;
