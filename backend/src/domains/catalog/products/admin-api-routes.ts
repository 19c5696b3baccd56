/** `/api/rest/v2/admin/products…` (DECISIONS.md 42) on the product admin service, and product images. */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAdmin } from '../../../platform/auth/resolve-caller.ts';
import type { AppEnv } from '../../../platform/http/context.ts';
import { createRouter } from '../../../platform/http/router.ts';
import { ErrorSchema, jsonBody, jsonContent } from '../../../platform/http/schemas.ts';
import { imageUploadFields, imageUploadLimit } from '../../media/upload-route.ts';
import { documentAdminRoutes } from '../../../platform/content-admin/document-routes.ts';
import { Timestamp } from '../../../platform/http/schemas.ts';
import { addProductImage, adminProductView, getAdminProduct, ImageChange, ProductInput, ProductPatch, productAdmin, productEtag, removeProductImage, updateProductImage } from './service.ts';
import { addVariant, changeVariant, removeVariant, VariantChange, VariantInput } from '../product-types/configurable/variants.ts';
import { changeConfigurableAttributes, ConfigurableAttributesChange } from '../product-types/configurable/attribute-changes.ts';
import { productFilterFields } from './list-filters.ts';
import { applyProductBulk, ProductBulk, skipReasons } from './bulk.ts';

const ownText = z.string().nullable().optional().openapi({ description: 'The store view\'s own; null: the product\'s (the default view has none).' });
const Prices = z.object({
  price: z.number(),
  specialPrice: z.number().nullable(),
  name: ownText,
  shortDescription: ownText,
  description: ownText,
  metaTitle: ownText,
  metaDescription: ownText,
});

const AdminProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    urlKey: z.string(),
    isEnabled: z.boolean(),
    visibility: z.enum(['catalog', 'not_visible']),
    stockQty: z.number().int(),
    stockStatus: z.enum(['in_stock', 'out_of_stock']),
    price: z.number().nullable().openapi({ description: 'The default store view\'s price.' }),
    specialPrice: z.number().nullable().openapi({ description: 'As stored: shoppers pay it only on its days.' }),
    specialPriceFrom: z.string().nullable().openapi({ description: 'YYYY-MM-DD, inclusive, in each store view\'s time zone; null: from now.' }),
    specialPriceTo: z.string().nullable().openapi({ description: 'YYYY-MM-DD, inclusive; null: no end.' }),
    storeOverrides: z.record(z.string(), Prices).openapi({ description: 'Every store view\'s price and special price, and each other view\'s own texts, by store code.' }),
    description: z.string(),
    shortDescription: z.string(),
    metaTitle: z.string(),
    metaDescription: z.string(),
    weight: z.number().nullable().openapi({ description: 'Kilograms.' }),
    categoryIds: z.array(z.number().int()),
    position: z.number().int().openapi({ description: 'Its place in category listings: lower first, ties by id.' }),
    relatedIds: z.array(z.number().int()).openapi({ description: 'Products suggested on its page, in order.' }),
    images: z.array(z.object({ id: z.number().int(), url: z.string(), alt: z.string(), position: z.number().int() })).openapi({ description: 'In order: the first is the product\'s picture.' }),
    configurableAttributes: z.array(z.string()).optional().openapi({ description: 'A configurable\'s attributes, in order.' }),
    variants: z
      .array(
        z.object({
          id: z.number().int(),
          sku: z.string(),
          name: z.string(),
          price: z.number().nullable(),
          specialPrice: z.number().nullable(),
          specialPriceFrom: z.string().nullable().openapi({ description: 'YYYY-MM-DD, inclusive; null: from now.' }),
          specialPriceTo: z.string().nullable().openapi({ description: 'YYYY-MM-DD, inclusive; null: no end.' }),
          stockQty: z.number().int(),
          isEnabled: z.boolean(),
          attributes: z.record(z.string(), z.string()).openapi({ description: 'Attribute code → the value\'s label.' }),
        }),
      )
      .optional()
      .openapi({ description: 'A configurable\'s variants (the default store view\'s prices), in order.' }),
    linkedProducts: z
      .array(z.object({ id: z.number().int(), sku: z.string(), name: z.string(), defaultQty: z.number().int() }))
      .optional()
      .openapi({ description: 'A grouped product\'s members, in order.' }),
    giftcard: z
      .object({
        giftcardType: z.enum(['virtual', 'physical', 'combined']),
        amounts: z.array(z.number()),
        allowOpenAmount: z.boolean(),
        openAmountMin: z.number().nullable(),
        openAmountMax: z.number().nullable(),
      })
      .optional()
      .openapi({ description: 'A gift card\'s settings (the default store view\'s amounts).' }),
    downloadableLinks: z
      .array(z.object({ id: z.number().int(), title: z.string(), price: z.number(), sampleUrl: z.string().nullable() }))
      .optional()
      .openapi({ description: 'A downloadable product\'s links, in order (the default store view\'s prices).' }),
    bundleOptions: z
      .array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          type: z.enum(['select', 'radio', 'checkbox', 'multi']),
          required: z.boolean(),
          selections: z.array(z.object({ id: z.number().int(), productId: z.number().int(), sku: z.string(), name: z.string(), defaultQty: z.number().int(), isDefault: z.boolean() })),
        }),
      )
      .optional()
      .openapi({ description: 'A bundle\'s options with their selections, in order (send the ids back to keep them).' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminProduct');

const security = [{ bearerAuth: [] }];
const errors = {
  400: jsonContent(ErrorSchema, 'invalid_request naming the field: no file, not a readable image, too large'),
  401: jsonContent(ErrorSchema, 'No valid token'),
  403: jsonContent(ErrorSchema, 'Not an admin token'),
  404: jsonContent(ErrorSchema, 'No such product or image'),
};
const ImageUpload = z.object({
  ...imageUploadFields,
  main: z.enum(['true', 'false']).optional().openapi({ description: 'true: the product\'s picture (first).' }),
});
const addImage = createRoute({
  method: 'post',
  path: '/admin/products/{id}/images',
  tags: ['Admin: content'],
  security,
  summary: 'Upload an image for a product (the storefront syncs it)',
  middleware: [imageUploadLimit] as const,
  request: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }), body: { content: { 'multipart/form-data': { schema: ImageUpload } }, required: true } },
  responses: { 201: jsonContent(AdminProduct, 'The product with its images'), 409: jsonContent(ErrorSchema, 'image_taken'), ...errors },
});
const removeImage = createRoute({
  method: 'delete',
  path: '/admin/products/{id}/images/{imageId}',
  tags: ['Admin: content'],
  security,
  summary: 'Remove an image from a product',
  request: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647), imageId: z.coerce.number().int().min(1).max(2_147_483_647) }) },
  responses: { 200: jsonContent(AdminProduct, 'The product with its images'), ...errors },
});

const changeImage = createRoute({
  method: 'patch',
  path: '/admin/products/{id}/images/{imageId}',
  tags: ['Admin: content'],
  security,
  summary: 'Change an image\'s alternative text or its place (position 0 makes it the product\'s picture)',
  request: {
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647), imageId: z.coerce.number().int().min(1).max(2_147_483_647) }),
    body: { content: { 'application/json': { schema: ImageChange } }, required: true },
  },
  responses: { 200: jsonContent(AdminProduct, 'The product with its images'), ...errors },
});

const variantParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647), variantId: z.coerce.number().int().min(1).max(2_147_483_647) });
const variantErrors = { ...errors, 409: jsonContent(ErrorSchema, 'unsupported_type: not a configurable; sku_taken; last_variant: a configurable keeps one'), 404: jsonContent(ErrorSchema, 'No such product or variant') };
const addVariantRoute = createRoute({
  method: 'post',
  path: '/admin/products/{id}/variants',
  tags: ['Admin: content'],
  security,
  summary: 'Add a variant to a configurable product (values of each of its attributes no other variant has)',
  request: { params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }), body: { content: { 'application/json': { schema: VariantInput } }, required: true } },
  responses: { 201: jsonContent(AdminProduct, 'The product with its variants'), ...variantErrors },
});
const changeVariantRoute = createRoute({
  method: 'patch',
  path: '/admin/products/{id}/variants/{variantId}',
  tags: ['Admin: content'],
  security,
  summary: 'Change a variant\'s name, price, special price and its days (every store view), stock or status',
  request: { params: variantParams, body: { content: { 'application/json': { schema: VariantChange } }, required: true } },
  responses: { 200: jsonContent(AdminProduct, 'The product with its variants'), ...variantErrors },
});
const removeVariantRoute = createRoute({
  method: 'delete',
  path: '/admin/products/{id}/variants/{variantId}',
  tags: ['Admin: content'],
  security,
  summary: 'Remove a variant from a configurable product (the variant is deleted)',
  request: { params: variantParams },
  responses: { 200: jsonContent(AdminProduct, 'The product with its variants'), ...variantErrors },
});

const changeAttributesRoute = createRoute({
  method: 'put',
  path: '/admin/products/{id}/configurable-attributes',
  tags: ['Admin: content'],
  security,
  summary: 'Set the attributes a configurable product varies by: add (with each variant\'s value), remove or reorder them (If-Match honoured)',
  request: {
    params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    headers: z.object({ 'if-match': z.string().max(200).optional().openapi({ description: 'The ETag the change is based on; a stale one is 412.' }) }),
    body: { content: { 'application/json': { schema: ConfigurableAttributesChange } }, required: true },
  },
  responses: {
    200: jsonContent(AdminProduct, 'The product with its attributes and variants'),
    ...errors,
    400: jsonContent(ErrorSchema, 'invalid_request naming the field: an unknown attribute, a variant without a value, added values that make two variants alike'),
    409: jsonContent(ErrorSchema, 'unsupported_type: not a configurable; variants_alike: without the removed attribute two variants would be alike (named)'),
    412: jsonContent(ErrorSchema, 'stale_version: If-Match is not the current ETag; nothing changed'),
  },
});

/** A configurable's variants, one at a time, and its attributes; each answers the product as it now is. */
const productVariantRoutes = createRouter<AppEnv>()
  .openapi(changeAttributesRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    await changeConfigurableAttributes({ db: c.var.db, notifications: c.var.notifications, actor }, id, c.req.valid('json'), c.req.valid('header')['if-match']);
    const product = await getAdminProduct(c.var.db, id);
    return c.json(adminProductView(product) as never, 200, { ETag: productEtag(product) });
  })
  .openapi(addVariantRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id } = c.req.valid('param');
    await addVariant({ db: c.var.db, notifications: c.var.notifications, actor }, id, c.req.valid('json'));
    const product = await getAdminProduct(c.var.db, id);
    return c.json(adminProductView(product) as never, 201, { ETag: productEtag(product) });
  })
  .openapi(changeVariantRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id, variantId } = c.req.valid('param');
    await changeVariant({ db: c.var.db, notifications: c.var.notifications, actor }, id, variantId, c.req.valid('json'));
    const product = await getAdminProduct(c.var.db, id);
    return c.json(adminProductView(product) as never, 200, { ETag: productEtag(product) });
  })
  .openapi(removeVariantRoute, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id, variantId } = c.req.valid('param');
    await removeVariant({ db: c.var.db, notifications: c.var.notifications, actor }, id, variantId);
    const product = await getAdminProduct(c.var.db, id);
    return c.json(adminProductView(product) as never, 200, { ETag: productEtag(product) });
  });

/** The list's filters and sort beyond search, sku and urlKey: the grid's (admin-product-filters.ts). */
const ProductListQuery = z.object({
  type: productFilterFields.type.optional().openapi({ description: 'Only products of this type.' }),
  status: productFilterFields.status.optional().openapi({ description: 'Only enabled or only disabled products.' }),
  stock: productFilterFields.stock.optional().openapi({ description: 'Only products in stock, or only those out of stock (their `stockStatus`).' }),
  categoryId: productFilterFields.categoryId.optional().openapi({ description: 'Only products in this category itself (not its subcategories).' }),
  priceFrom: productFilterFields.priceFrom.optional().openapi({
    description: 'Only products priced at least this (inclusive) in the default store view: a product priced by itself by its price, one priced by its children or amounts by its "from" price.',
    example: '10',
  }),
  priceTo: productFilterFields.priceTo.optional().openapi({ description: 'Only products priced at most this (inclusive), as priceFrom; below priceFrom is 400.', example: '99.99' }),
  sort: productFilterFields.sort.optional().openapi({
    description: 'The column to sort by: id, sku, name, stockQty, price (as priceFrom; products without a price last) or updatedAt; "-" before it: descending (`-price`). Ties go by id. Default: id.',
  }),
});

const BulkOutcome = z
  .object({
    action: z.enum(['enable', 'disable', 'assign', 'delete']),
    done: z.array(z.number().int()).openapi({ description: 'The products the action was applied to (deleting a configurable deletes its variants too).' }),
    skipped: z
      .array(z.object({ id: z.number().int(), reason: z.enum(skipReasons), message: z.string() }))
      .openapi({ description: 'The products left as they were, and why: not_found; is_variant (a variant is removed on its configurable\'s page or with it); deleted_with_configurable (gone with its configurable, also chosen).' }),
  })
  .openapi('ProductBulkOutcome');
const bulkRoute = createRoute({
  method: 'post',
  path: '/admin/products/bulk',
  tags: ['Admin: content'],
  security,
  summary: 'Enable, disable, put in a category or delete up to 500 products at once (all in one transaction; each change audited and announced)',
  request: { body: jsonBody(ProductBulk) },
  responses: {
    200: jsonContent(BulkOutcome, 'What was done and what was skipped, with why'),
    400: jsonContent(ErrorSchema, 'invalid_request naming the field: no ids or more than 500, an unknown action, assign without categoryId or with a category that does not exist; nothing changed'),
    401: errors[401],
    403: errors[403],
  },
});

/** Bulk actions over chosen products: the grid's (admin-product-bulk.ts). */
const productBulkRoutes = createRouter<AppEnv>().openapi(bulkRoute, async (c) => {
  const actor = requireAdmin(c.var.caller);
  return c.json(await applyProductBulk({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('json')), 200);
});

/** Product images: upload, change and remove (uploads are multipart, so not part of the JSON record routes); with them a configurable's variants and bulk actions. */
export const productImageRoutes = createRouter<AppEnv>()
  .openapi(addImage, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { file, alt, main } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const product = await addProductImage({ db: c.var.db, notifications: c.var.notifications, actor }, c.req.valid('param').id, bytes, alt?.trim() ?? '', main === 'true');
    return c.json(adminProductView(product) as never, 201, { ETag: productEtag(product) });
  })
  .openapi(changeImage, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id, imageId } = c.req.valid('param');
    const product = await updateProductImage({ db: c.var.db, notifications: c.var.notifications, actor }, id, imageId, c.req.valid('json'));
    return c.json(adminProductView(product) as never, 200, { ETag: productEtag(product) });
  })
  .openapi(removeImage, async (c) => {
    const actor = requireAdmin(c.var.caller);
    const { id, imageId } = c.req.valid('param');
    const product = await removeProductImage({ db: c.var.db, notifications: c.var.notifications, actor }, id, imageId);
    return c.json(adminProductView(product) as never, 200, { ETag: productEtag(product) });
  })
  .route('/', productVariantRoutes)
  .route('/', productBulkRoutes);

export const productAdminRoutes = documentAdminRoutes({
  path: '/admin/products',
  noun: 'product',
  record: AdminProduct,
  input: ProductInput,
  patch: ProductPatch,
  service: productAdmin as never,
  list: { query: ProductListQuery, summary: 'products (search: name or SKU; type, status, stock, category, price range and sort, as the products grid)' },
});
