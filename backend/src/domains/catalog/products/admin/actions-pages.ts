/**
 * On a product's page, its images (upload, move, remove) and Delete: the product admin service
 * (service.ts) behind forms, each immediate; after each, the product's page (after Delete, the grid).
 * New product is new-product-page.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { confirmPage, isConfirmed } from '../../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../../platform/admin/outcome-flash.ts';
import { formFields } from '../../../../platform/admin/page.ts';
import { deleteQuestion } from './delete-question.ts';
import { AppError } from '../../../../platform/errors.ts';
import { addProductImage, deleteProduct, getAdminProduct, removeProductImage, updateProductImage } from '../service.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const productActionPages = new Hono<AdminEnv>()
  .post('/:id/images', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) return c.redirect(`/admin/products/${id.data}?flash=image_missing`, 303);
    try {
      const alt = typeof body.alt === 'string' ? body.alt.trim().slice(0, 255) : '';
      await addProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, new Uint8Array(await file.arrayBuffer()), alt, body.main === 'on');
    } catch (error) {
      if (!(error instanceof AppError) || error.kind === 'not_found') throw error;
      return c.redirect(`/admin/products/${id.data}?flash=${error.code === 'image_taken' ? 'image_taken' : 'image_refused'}`, 303);
    }
    return c.redirect(`/admin/products/${id.data}?flash=image_added`, 303);
  })
  // One image's form: its alternative text saved, or the image moved (first makes it the main one).
  .post('/:id/images/:imageId', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const imageId = Id.safeParse(c.req.param('imageId'));
    if (!id.success || !imageId.success) return c.notFound();
    const fields = await c.req.parseBody();
    const images = (await getAdminProduct(c.var.db, id.data)).images;
    const index = images.findIndex((image) => image.id === imageId.data);
    if (index < 0) return c.notFound();
    const moves: Record<string, number> = { first: 0, earlier: Math.max(0, index - 1), later: index + 1 };
    const position = typeof fields.move === 'string' ? moves[fields.move] : undefined;
    const alt = typeof fields.alt === 'string' && position === undefined ? fields.alt.trim().slice(0, 255) : undefined;
    await updateProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, imageId.data, { alt, position });
    return c.redirect(`/admin/products/${id.data}?flash=saved#images`, 303);
  })
  .post('/:id/images/:imageId/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    const imageId = Id.safeParse(c.req.param('imageId'));
    if (!id.success || !imageId.success) return c.notFound();
    await removeProductImage({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data, imageId.data);
    return c.redirect(`/admin/products/${id.data}?flash=deleted`, 303);
  })
  .post('/:id/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const fields = await formFields(c);
    const asked = await deleteQuestion(c.var.db, id.data);
    if (!asked) return c.notFound();
    if (!isConfirmed(fields)) return confirmPage(c, { ...asked, action: `/admin/products/${id.data}/delete`, fields, cancelHref: `/admin/products/${id.data}` });
    try {
      await deleteProduct({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, id.data);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return c.notFound();
      // A variant's page offers no Delete; a forged one goes back to the page unchanged.
      if (error instanceof AppError && error.code === 'is_variant') return c.redirect(`/admin/products/${id.data}`, 303);
      throw error;
    }
    sayOutcome(c, `Deleted ${asked.name}.`);
    return c.redirect('/admin/products?flash=deleted', 303);
  });
