import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../http/schemas.ts';

const categoryFields = {
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().openapi({ description: 'HTML; may be empty.' }),
  urlKey: z.string(),
  urlPath: z.string().openapi({ example: 'women/clothing/tops' }),
  level: z.number().int().min(1),
  position: z.number().int(),
  isActive: z.boolean(),
  includeInMenu: z.boolean(),
  productCount: z.number().int().openapi({ description: 'Enabled products in this category and its descendants.' }),
  imageUrl: z.string().nullable(),
  updatedAt: Timestamp,
};

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  description: string;
  urlKey: string;
  urlPath: string;
  level: number;
  position: number;
  isActive: boolean;
  includeInMenu: boolean;
  productCount: number;
  imageUrl: string | null;
  children: CategoryNode[];
  updatedAt: string;
}

export const CategoryNodeSchema: z.ZodType<CategoryNode> = z
  .object({
    ...categoryFields,
    get children(): z.ZodArray<z.ZodType<CategoryNode>> {
      return z.array(CategoryNodeSchema);
    },
  })
  .openapi('CategoryNode');

export const CategoryTreeSchema = z
  .object({ member: z.array(CategoryNodeSchema).openapi({ description: 'Top-level categories.' }), totalItems: z.number().int() })
  .openapi('CategoryTree');
