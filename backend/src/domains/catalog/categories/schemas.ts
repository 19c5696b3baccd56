/** The category record is the shared contract (contracts/category.ts); this names the tree answer. */
import { categoryNodeSchema } from '../../../../../contracts/category.ts';
import { listOf } from '../../../../../contracts/collections.ts';

export type { CategoryNode } from '../../../../../contracts/category.ts';

export const CategoryTreeSchema = listOf(categoryNodeSchema).meta({ id: 'CategoryTree', description: '`member` holds the top-level categories.' });
