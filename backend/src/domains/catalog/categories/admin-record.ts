/** A category as the admin API answers it (`adminCategoryView`). */
import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../../platform/http/schemas.ts';

export const AdminCategory = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    urlKey: z.string(),
    urlPath: z.string().openapi({ description: 'The storefront path without its leading slash: the URL keys from the top, joined by "/".' }),
    level: z.number().int(),
    position: z.number().int(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    imageAlt: z.string(),
    isActive: z.boolean(),
    includeInMenu: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminCategory');
