import type { ProductDetail } from '../catalog/products/schemas.ts';

/**
 * Every event of the backend and its payload. Names follow SPEC.md ("Events"); the ones SPEC.md does
 * not list are the core's own and use the same snake_case style.
 */
export interface EventMap {
  /** A product record is being built for the API; subscribers may annotate `record.extensions` or withhold fields. */
  api_product_dto_build: { record: ProductDetail; customer_group_id: number; view: 'listing' | 'detail' };
  /** Custom Forms saved a submission (emitted by that module). */
  customforms_submission_saved: { formCode: string; submissionId: number; payload: Record<string, unknown> };
  customer_registered: { customerId: number; email: string };
  order_placed: { orderId: number; number: string; customerId: number | null };
  /** The admin saved a product; the storefront connector listens to run a product sync. */
  catalog_product_saved: { productId: number };
  /** The admin saved a category; the storefront connector runs a category sync. */
  catalog_category_saved: { categoryId: number };
  /** The admin saved a CMS page; the storefront connector runs a CMS sync. */
  cms_page_saved: { pageId: number };
}

export type EventName = keyof EventMap;
