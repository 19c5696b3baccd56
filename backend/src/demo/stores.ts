import { storeIds } from './pricing.ts';
import type { DemoAccount, DemoCatalog } from './types.ts';

/** Two store views over one catalog: a US shop and its Australian sister with its own name and prices. */
export const demoStores: DemoCatalog['stores'] = [
  {
    id: storeIds.default,
    code: 'default',
    name: 'Northfield Supply Co.',
    description: 'Clothing, outdoor gear and home goods made to last, from a small team in Portland, Oregon.',
    isDefault: true,
    baseCurrencyCode: 'USD',
    locale: 'en_US',
    timezone: 'America/Los_Angeles',
    defaultCountry: 'US',
    allowedCountries: ['US', 'CA', 'GB', 'DE', 'FR', 'AU', 'NZ'],
    logoUrl: null,
    accentColor: '#2f6f4e',
    contactEmail: 'hello@northfield.example',
    productsPerPage: 24,
    position: 1,
  },
  {
    id: storeIds.au,
    code: 'au',
    name: 'Southern Cross Outfitters',
    description: 'Northfield’s Australian home: clothing, outdoor gear and home goods, shipped from Melbourne.',
    isDefault: false,
    baseCurrencyCode: 'AUD',
    locale: 'en_AU',
    timezone: 'Australia/Melbourne',
    defaultCountry: 'AU',
    allowedCountries: ['AU', 'NZ'],
    logoUrl: null,
    accentColor: '#b5532a',
    contactEmail: 'gday@southerncross.example',
    productsPerPage: 24,
    position: 2,
  },
];

/**
 * Each store view's shipping rules, in its currency (editable in the admin: Stores → Shipping). The
 * storefront shows the free-shipping threshold from here, never from copy.
 */
export const demoShippingSettings: DemoCatalog['shippingSettings'] = [
  {
    storeId: storeIds.default,
    flatRate: 5,
    freeShippingThreshold: 75,
    countryRates: { US: 8, CA: 12, GB: 10, DE: 10, FR: 10, AU: 15, NZ: 15 },
    otherCountriesRate: 25,
    updatedAt: new Date('2026-01-10T09:00:00Z'),
  },
  {
    storeId: storeIds.au,
    flatRate: 9,
    freeShippingThreshold: 120,
    countryRates: { AU: 10, NZ: 18 },
    otherCountriesRate: 35,
    updatedAt: new Date('2026-01-10T09:00:00Z'),
  },
];

/** The classic fixed groups; 0 stands for guests. */
export const demoCustomerGroups: DemoCatalog['customerGroups'] = [
  { id: 0, code: 'NOT LOGGED IN' },
  { id: 1, code: 'General' },
  { id: 2, code: 'Wholesale' },
  { id: 3, code: 'Retailer' },
];

/** Published demo accounts (listed in the README). */
export const demoAccounts: DemoAccount[] = [
  {
    email: 'shopper@example.com',
    password: 'Shopper#2026',
    firstName: 'Sam',
    lastName: 'Shopper',
    groupId: 1,
    createdAt: new Date('2025-06-01T10:00:00Z'),
  },
  {
    email: 'buyer@trade.example',
    password: 'Trade#2026',
    firstName: 'Taylor',
    lastName: 'Buyer',
    groupId: 2,
    createdAt: new Date('2025-09-15T14:30:00Z'),
  },
];
