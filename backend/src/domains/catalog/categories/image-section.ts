/**
 * A category's image on its edit page (issue 17): the picture it has with its alternative text, a
 * multipart form to upload one (replacing it) and Remove, each calling the category image service
 * (image.ts) as the admin API does. They are forms of their own beside the category's form: an
 * upload or a removal acts at once, while the category's form is saved as a whole and carries no file.
 * They post to the address the category's former Image page had (`/admin/categories/{id}/image`,
 * `…/image/delete`), so that address keeps working; a GET there (an old link or bookmark) lands on
 * the section. Works without JavaScript; a done action lands on the edit page with a flash, a refused
 * upload shows the edit page with the message next to its field and the typed text kept.
 */
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AdminEnv } from '../../../platform/admin/admin-env.ts';
import { csrfField } from '../../../platform/admin/layout.ts';
import { confirmPage, isConfirmed } from '../../../platform/admin/confirm-step.ts';
import { sayOutcome } from '../../../platform/admin/outcome-flash.ts';
import { formFields } from '../../../platform/admin/page.ts';
import type { ExtraSections, SectionState } from '../../../platform/content-admin/document-pages.ts';
import { categories } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { imageUploadFields } from '../../media/upload-route.ts';
import { MAX_UPLOAD_BYTES } from '../../media/upload.ts';
import { categoryImageUrl } from '../../media/urls.ts';
import { removeCategoryImage, setCategoryImage } from './image.ts';

type Row = typeof categories.$inferSelect;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** The admin API's multipart fields, with this form's words for what is wrong with them. */
const UploadForm = z.object(imageUploadFields);
const formMessages: Record<string, string> = { file: 'Choose an image file to upload.', alt: 'At most 255 characters.' };

const writeContext = (c: Context<AdminEnv>) => ({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin });

/** A field of the upload form as the category form's fields are laid out: label, control, help, then its error. */
function field(name: string, label: string, control: (aria: ReturnType<typeof html>) => ReturnType<typeof html>, help: string, error: string | undefined) {
  const id = `image-${name}`;
  const aria = html`id="${id}" aria-describedby="${id}-help" ${error ? html`aria-invalid="true"` : ''}`;
  return html`<div class="field">
    <label for="${id}">${label}</label>${control(aria)}
    <span class="muted" id="${id}-help">${help}</span>${error ? html` <strong class="error" role="alert">${error}</strong>` : ''}
  </div>`;
}

function render(c: Context<AdminEnv>, row: Row, failed?: SectionState) {
  const action = `/admin/categories/${row.id}/image`;
  const errors = failed?.errors ?? {};
  return html`<section id="image" aria-labelledby="image-heading">
    <h2 id="image-heading">Image</h2>
    ${row.imageFile
      ? html`<p><img class="record-image" src="${categoryImageUrl(row.imageFile)}" alt="${row.imageAlt}" width="320" height="240" /></p>
          <p class="muted">Alternative text: ${row.imageAlt || '(none)'}. Change it in the form above ("Image alternative text").</p>
          <form method="post" action="${action}/delete">
            ${csrfField(c.var.csrfToken)}<button type="submit" class="danger">Remove the image</button>
          </form>`
      : html`<p class="muted">No image: the storefront shows the category's initial instead.</p>`}
    <form method="post" action="${action}" enctype="multipart/form-data">
      ${csrfField(c.var.csrfToken)}
      ${field(
        'file',
        row.imageFile ? 'A new image, replacing this one' : 'Image file',
        (aria) => html`<input type="file" name="file" accept="image/*" required ${aria} />`,
        `JPEG, PNG, WebP, GIF, AVIF or TIFF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
        errors.file,
      )}
      ${field(
        'alt',
        'Alternative text of the uploaded image',
        (aria) => html`<input name="alt" maxlength="255" value="${failed?.values.alt ?? row.imageAlt}" ${aria} />`,
        'What the picture shows.',
        errors.alt,
      )}
      <button type="submit">Upload</button>
    </form>
  </section>`;
}

export const categoryImageSection: ExtraSections<Row> = {
  render,
  routes: (editPage) =>
    new Hono<AdminEnv>()
      .get('/:id/image', (c) => {
        const id = Id.safeParse(c.req.param('id'));
        return id.success ? c.redirect(`/admin/categories/${id.data}#image`, 301) : c.notFound();
      })
      .post('/:id/image', async (c) => {
        const id = Id.safeParse(c.req.param('id'));
        if (!id.success) return c.notFound();
        const body = await c.req.parseBody();
        const refuse = (errors: Record<string, string>) =>
          editPage(c, id.data, { errors, values: { alt: typeof body.alt === 'string' ? body.alt : '' }, message: 'The image was not uploaded: see the Image section below.' });
        const parsed = UploadForm.safeParse(body);
        if (!parsed.success) {
          const errors: Record<string, string> = {};
          for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= formMessages[String(issue.path[0])] ?? issue.message;
          return refuse(errors);
        }
        try {
          await setCategoryImage(writeContext(c), id.data, new Uint8Array(await parsed.data.file.arrayBuffer()), parsed.data.alt?.trim() ?? '');
        } catch (error) {
          if (error instanceof AppError && error.kind === 'not_found') return c.notFound();
          // The media service's refusals (no readable image, too large) are all about the file.
          if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
          return refuse({ file: error.message });
        }
        return c.redirect(`/admin/categories/${id.data}?flash=image_added`, 303);
      })
      .post('/:id/image/delete', async (c) => {
        const id = Id.safeParse(c.req.param('id'));
        if (!id.success) return c.notFound();
        const fields = await formFields(c);
        const [row] = await c.var.db.select({ name: categories.name, imageFile: categories.imageFile }).from(categories).where(eq(categories.id, id.data));
        // Asked only while there is an image to remove; otherwise the removal below says why nothing happened.
        if (row?.imageFile && !isConfirmed(fields)) {
          return confirmPage(c, {
            question: `Remove the image of ${row.name}?`,
            consequence: "The storefront shows the category's initial instead after its sync; this cannot be undone (upload it again to bring it back).",
            action: `/admin/categories/${id.data}/image/delete`,
            fields,
            confirmLabel: 'Remove the image',
            cancelHref: `/admin/categories/${id.data}#image`,
          });
        }
        try {
          await removeCategoryImage(writeContext(c), id.data);
        } catch (error) {
          if (!(error instanceof AppError) || error.kind !== 'not_found') throw error;
          // No such category (the edit page is 404 too), or its image was removed meanwhile.
          return editPage(c, id.data, { errors: {}, values: {}, message: 'The category has no image any more: nothing was removed.' });
        }
        sayOutcome(c, `Removed the image of ${row?.name ?? 'the category'}; the storefront stops showing it after its sync.`);
        return c.redirect(`/admin/categories/${id.data}?flash=image_removed`, 303);
      }),
};
