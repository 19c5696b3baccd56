/** A store view's configuration: `/store-config` answers it; the storefront keeps it under `{store}:config`. */
import { z } from 'zod';

export const storeConfigSchema = z
  .object({
    storeCode: z.string().min(1),
    storeName: z.string(),
    description: z.string(),
    baseCurrencyCode: z.string().length(3).meta({ example: 'USD' }),
    locale: z.string().min(2).meta({ example: 'en_US' }),
    timezone: z.string(),
    defaultCountry: z.string(),
    allowedCountries: z.array(z.string()),
    logoUrl: z.string().nullable(),
    accentColor: z.string().regex(/^#[0-9a-f]{6}$/i),
    contactEmail: z.string(),
    productsPerPage: z.number().int().positive(),
    shipping: z
      .object({
        freeShippingThreshold: z.number().nonnegative().nullable().meta({ description: 'Subtotal from which shipping is free; null: never', example: 75 }),
        currency: z.string().length(3).meta({ example: 'USD' }),
      })
      .meta({ description: 'The store view\'s shipping rules as the storefront shows them (configured in the admin: Stores → Shipping)' }),
    widget: z
      .object({
        paymentProvider: z.enum(['test', 'stripe']).meta({ description: 'The backend\'s default payment provider' }),
        paymentPublishableKey: z.string().meta({ description: 'The provider\'s public key; "" when none (the test provider)' }),
        mapsKey: z.string().nullable().meta({ description: 'Address-autocomplete key; null when none' }),
      })
      .optional()
      .meta({ description: 'What the embeddable widget needs (DECISIONS.md 32; admin: Stores → Widget keys). Absent in configs synced from an older backend.' }),
    extensions: z
      .record(z.string(), z.unknown())
      .meta({ description: 'Modules add namespaced keys here; the storefront adds `b2bPlugins` (its discovered modules) at sync.' }),
  })
  .meta({ id: 'StoreConfig' });
export type StoreConfig = z.infer<typeof storeConfigSchema>;
