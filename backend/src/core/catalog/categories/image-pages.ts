/**
 * Catalog → Categories → a category's Image page: the picture it has (if any), a form to upload one
 * (replacing it) with its alternative text, and Remove; the category image service (image.ts)
 * behind each. Works without JavaScript; after each action, this page with what happened.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AdminEnv } from '../../admin/admin-env.ts';
import { csrfField } from '../../admin/layout.ts';
import { renderPage } from '../../admin/page.ts';
import { AppError } from '../../errors.ts';
import { MAX_UPLOAD_BYTES } from '../../media/upload.ts';
import { categoryImageUrl } from '../../media/urls.ts';
import { getAdminCategory } from './admin.ts';
import { removeCategoryImage, setCategoryImage } from './image.ts';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

const writeContext = (c: Context<AdminEnv>) => ({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin });

async function imagePage(c: Context<AdminEnv>, id: number) {
  const row = await getAdminCategory(c.var.db, id).catch(() => null);
  if (!row) return c.notFound();
  const action = `/admin/categories/${row.id}/image`;
  return renderPage(
    c,
    `Image of category /${row.urlPath}`,
    html`<p><a href="/admin/categories/${row.id}">Back to the category</a></p>
      ${row.imageFile
        ? html`<p><img src="${categoryImageUrl(row.imageFile)}" alt="${row.imageAlt}" width="320" height="240" /></p>
            <p class="muted">Alternative text: ${row.imageAlt || '(none)'}</p>
            <form method="post" action="${action}/delete">
              ${csrfField(c.var.csrfToken)}<button type="submit" class="danger">Remove the image</button>
            </form>`
        : html`<p class="muted">No image: the storefront shows the category's initial instead.</p>`}
      <form method="post" action="${action}" enctype="multipart/form-data">
        ${csrfField(c.var.csrfToken)}
        <label>${row.imageFile ? 'A new image, replacing this one' : 'Image file'} (JPEG, PNG, WebP, GIF, AVIF or TIFF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB) <input type="file" name="file" accept="image/*" required /></label>
        <label>Alternative text (what the picture shows) <input name="alt" maxlength="255" value="${row.imageAlt}" /></label>
        <button type="submit">Upload</button>
      </form>`,
    { storefrontSync: true },
  );
}

export const categoryImagePages = new Hono<AdminEnv>()
  .get('/:id/image', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    return id.success ? imagePage(c, id.data) : c.notFound();
  })
  .post('/:id/image', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    const body = await c.req.parseBody();
    const file = body.file;
    const back = `/admin/categories/${id.data}/image`;
    if (!(file instanceof File) || file.size === 0) return c.redirect(`${back}?flash=image_missing`, 303);
    try {
      const alt = typeof body.alt === 'string' ? body.alt.trim().slice(0, 255) : '';
      await setCategoryImage(writeContext(c), id.data, new Uint8Array(await file.arrayBuffer()), alt);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return c.notFound();
      if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
      return c.redirect(`${back}?flash=image_refused`, 303);
    }
    return c.redirect(`${back}?flash=image_added`, 303);
  })
  .post('/:id/image/delete', async (c) => {
    const id = Id.safeParse(c.req.param('id'));
    if (!id.success) return c.notFound();
    try {
      await removeCategoryImage(writeContext(c), id.data);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return c.notFound();
      throw error;
    }
    return c.redirect(`/admin/categories/${id.data}/image?flash=deleted`, 303);
  });
