import type * as schema from '../platform/db/schema/index.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export type StoreCode = 'default' | 'au';

/** One amount per store view, each in that store's currency. */
export type PriceSet = Record<StoreCode, number>;

export interface DemoAccount {
  email: string;
  /** Plain text on purpose: these are published demo credentials; the seeder hashes them. */
  password: string;
  firstName: string;
  lastName: string;
  groupId: number;
  createdAt: Date;
}

/** Everything the seeder writes, as rows ready for insertion; plain data, deep-comparable. */
export interface DemoCatalog {
  stores: Row<typeof schema.stores>[];
  shippingSettings: Row<typeof schema.shippingSettings>[];
  countries: Row<typeof schema.countries>[];
  regions: Row<typeof schema.regions>[];
  categories: Row<typeof schema.categories>[];
  products: Row<typeof schema.products>[];
  productPrices: Row<typeof schema.productPrices>[];
  productCategories: Row<typeof schema.productCategories>[];
  productImages: Row<typeof schema.productImages>[];
  productLinks: Row<typeof schema.productLinks>[];
  configurableOptions: Row<typeof schema.configurableOptions>[];
  configurableOptionValues: Row<typeof schema.configurableOptionValues>[];
  variantOptionValues: Row<typeof schema.variantOptionValues>[];
  bundleOptions: Row<typeof schema.bundleOptions>[];
  bundleSelections: Row<typeof schema.bundleSelections>[];
  downloadableLinks: Row<typeof schema.downloadableLinks>[];
  downloadableLinkPrices: Row<typeof schema.downloadableLinkPrices>[];
  giftcards: Row<typeof schema.giftcards>[];
  giftcardPrices: Row<typeof schema.giftcardPrices>[];
  cmsPages: Row<typeof schema.cmsPages>[];
  blogPosts: Row<typeof schema.blogPosts>[];
  customerGroups: Row<typeof schema.customerGroups>[];
  accounts: DemoAccount[];
}

export type CatalogRows = Pick<
  DemoCatalog,
  | 'products'
  | 'productPrices'
  | 'productCategories'
  | 'productImages'
  | 'productLinks'
  | 'configurableOptions'
  | 'configurableOptionValues'
  | 'variantOptionValues'
  | 'bundleOptions'
  | 'bundleSelections'
  | 'downloadableLinks'
  | 'downloadableLinkPrices'
  | 'giftcards'
  | 'giftcardPrices'
>;
