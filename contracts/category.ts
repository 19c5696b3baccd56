/**
 * The category tree: `/categories` answers `{member: [top-level nodes], totalItems}`; the storefront
 * keeps the array of top-level nodes under `{store}:categories`.
 */
import { z } from 'zod';
import { html, timestamp } from './fields.ts';

export const categoryNodeSchema = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    description: html.meta({ description: 'HTML; may be empty.' }),
    urlKey: z.string().min(1),
    urlPath: z.string().min(1).meta({ example: 'women/clothing/tops' }),
    level: z.number().int().min(1),
    position: z.number().int(),
    isActive: z.boolean(),
    includeInMenu: z.boolean(),
    productCount: z.number().int().nonnegative().meta({ description: 'Enabled products in this category and its descendants that the caller may see.' }),
    imageUrl: z.string().nullable(),
    // Optional: trees a storefront stored before it existed lack it until the next sync.
    imageAlt: z.string().optional().meta({ description: 'The image\'s alternative text; may be empty.' }),
    get children(): z.ZodArray<typeof categoryNodeSchema> {
      return z.array(categoryNodeSchema);
    },
    updatedAt: timestamp,
  })
  .meta({ id: 'CategoryNode' });
export type CategoryNode = z.infer<typeof categoryNodeSchema>;

/** Top-level categories with their descendants. */
export const categoryTreeSchema = z.array(categoryNodeSchema);
