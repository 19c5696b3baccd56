import { demoBlogPosts } from './blog-posts.ts';
import { generateCategories } from './categories.ts';
import { demoCmsPages } from './cms-pages.ts';
import { demoCountries } from './countries.ts';
import { generateProducts } from './products.ts';
import { Random } from './random.ts';
import { demoAccounts, demoCustomerGroups, demoShippingSettings, demoStores } from './stores.ts';
import type { DemoCatalog } from './types.ts';

export interface DemoOptions {
  /** Products with a page of their own (variants come on top). */
  products: number;
  seed: number;
}

export const defaultDemoOptions: DemoOptions = { products: 240, seed: 2026 };

/** The whole demo shop as rows. Pure: the same options always give a deep-equal catalog. */
export function generateDemoCatalog(options: DemoOptions = defaultDemoOptions): DemoCatalog {
  const random = new Random(options.seed);
  const categories = generateCategories(random.fork('categories'));
  return {
    stores: demoStores,
    shippingSettings: demoShippingSettings,
    ...demoCountries(),
    categories: categories.rows,
    ...generateProducts(random.fork('products'), categories, options.products),
    cmsPages: demoCmsPages(),
    blogPosts: demoBlogPosts(),
    customerGroups: demoCustomerGroups,
    accounts: demoAccounts,
  };
}
