/**
 * `/api/rest/v2/admin/categories…` (DECISIONS.md 42) on the category admin service, its image, and
 * moves in the tree. `DELETE …/{id}?reassignTo=` names where its products go (admin.ts `deleteCategory`).
 */
import { documentAdminRoutes } from '../../../platform/content-admin/document-routes.ts';
import { CategoryDeleteQuery, CategoryInput, CategoryPatch, categoryAdmin } from './admin.ts';
import { AdminCategory } from './admin-record.ts';
import { categoryImageRoutes } from './image-routes.ts';
import { categoryMoveRoutes } from './move-routes.ts';


export const categoryAdminRoutes = documentAdminRoutes({
  path: '/admin/categories',
  noun: 'category',
  record: AdminCategory,
  input: CategoryInput,
  patch: CategoryPatch,
  service: categoryAdmin as never,
  remove: {
    query: CategoryDeleteQuery,
    conflict: 'has_subcategories: move or delete them first; reassign_required (field reassignTo): a top-level category holding products needs reassignTo',
  },
})
  .route('/', categoryImageRoutes)
  .route('/', categoryMoveRoutes);
