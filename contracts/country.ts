/**
 * A country of the store view with its regions: `/countries` answers `{member, totalItems}`; the
 * storefront keeps the array under `{store}:countries`.
 */
import { z } from 'zod';

export const regionSchema = z
  .object({ id: z.number().int(), code: z.string().meta({ example: 'CA' }), name: z.string() })
  .meta({ id: 'Region' });
export type Region = z.infer<typeof regionSchema>;

export const countrySchema = z
  .object({
    id: z.string().length(2).meta({ example: 'US', description: 'ISO 3166-1 alpha-2' }),
    name: z.string(),
    regions: z.array(regionSchema),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;

export const countryListSchema = z.array(countrySchema);
