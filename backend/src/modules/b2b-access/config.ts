import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';

/** A CMS page identifier as the storefront serves it at `/<identifier>`. */
export const cmsIdentifier = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,127}$/i, 'A CMS page identifier: letters, digits, "-" and "_".');

/** Customer group ids; 0 is NOT LOGGED IN (guests). */
const groupId = z.number().int().min(0).max(2_147_483_647);
const categoryId = z.number().int().min(1).max(2_147_483_647);

/** The default text shown instead of a withheld price. */
export const defaultHiddenPriceMessage = 'Sign in to see prices.';

/** B2B Access configuration: DECISIONS.md 27 exactly, plus `hidePrice.messageByStore`. */
export const accessConfigSchema = z.object({
  enabled: field(z.boolean().default(false), { label: 'Enabled', help: 'Master switch; when off the module is inert (no product is gated).' }),
  mode: field(z.enum(['basic', 'rules']).default('basic'), {
    label: 'Mode',
    help: 'Basic: one gate from the activation matrix below. Rules: Customers → B2B Access Rules decide.',
  }),
  loginWall: field(
    z
      .object({
        enabled: field(z.boolean().default(false), {
          label: 'Require login to view store',
          help: 'Guests are sent to sign in where the gate applies; store-wide when it applies to every guest.',
        }),
        redirectTo: field(
          z
            .string()
            .trim()
            .refine((value) => value === 'login' || (value.startsWith('cms:') && cmsIdentifier.safeParse(value.slice(4)).success), 'Use "login" or "cms:<page identifier>".')
            .default('login'),
          { label: 'Redirect guests to', help: 'The sign-in page or a CMS page.', picker: 'cmsPages', valuePrefix: 'cms:', choices: [{ value: 'login', label: 'The login page' }] },
        ),
        notice: field(z.string().max(1000).default(''), { label: 'Notice shown to guests', help: 'Shown on the redirect target.', multiline: true }),
        exemptCmsPages: field(z.array(cmsIdentifier).max(200).default([]), { label: 'Exempt CMS pages', picker: 'cmsPages', help: 'Open to guests behind a store-wide wall.' }),
      })
      .prefault({}),
    { label: 'Login Wall' },
  ),
  hidePrice: field(
    z
      .object({
        enabled: field(z.boolean().default(false), { label: 'Hide prices', help: 'Replace every price with the message where the gate applies.' }),
        message: field(z.string().trim().min(1, 'Hidden-price message must not be blank.').max(500).default(defaultHiddenPriceMessage), {
          label: 'Hidden-price message',
          multiline: true,
        }),
        blockPurchase: field(z.boolean().default(false), {
          label: 'Block purchasing too',
          // DECISIONS.md 61: a hidden price always blocks the purchase; this switch blocks where the price shows.
          help: 'A product whose price is hidden can never be added to the cart (the cart would show the price); this also refuses add-to-cart server-side where prices are shown.',
        }),
        messageByStore: field(z.record(z.string().regex(/^[a-z0-9_]{1,32}$/, 'A store code.'), z.string().trim().min(1).max(500)).default({}), {
          label: 'Message per store',
          help: 'Overrides the hidden-price message in that store view.',
          perStore: true,
        }),
      })
      .prefault({}),
    { label: 'Hide Prices' },
  ),
  activationMatrix: field(
    z
      .object({
        byCustomerGroup: field(z.boolean().default(false), { label: 'Gate by customer group' }),
        customerGroups: field(z.array(groupId).max(200).default([]), { label: 'Customer groups', picker: 'customerGroups', help: 'NOT LOGGED IN means guests.' }),
        byCategory: field(z.boolean().default(false), { label: 'Gate by category', help: 'Subcategories inherit.' }),
        categoryIds: field(z.array(categoryId).max(1000).default([]), { label: 'Category IDs', picker: 'categories' }),
      })
      .prefault({}),
    { label: 'Activation Matrix', help: 'OR-combined: the gate applies when the customer group matches or the product sits in a listed category. Neither switch on: everyone.' },
  ),
});

export type AccessConfig = z.infer<typeof accessConfigSchema>;
