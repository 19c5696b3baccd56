/**
 * The product page's one Save (issue 33 item 6): the whole form — the product's own fields and
 * variants grid (main-form.ts), its type's part (grouped members, bundle options, download links,
 * gift card settings: the type's `adminFields`), its content and placement with each store view's
 * texts (content-form.ts) and its images' alternative texts — read at once, every part checked
 * before anything is written, then merged into one patch that the API's schema (`ProductPatch`)
 * checks again and the API's service writes (`updateProduct`, with the variants' one write path and
 * the images' alternative texts) in one transaction under the version the page was loaded at.
 * A refusal of any part answers every part as typed, each message next to its field.
 */
import type { Context } from 'hono';
import type { AdminEnv } from '../../../../platform/admin/admin-env.ts';
import { AppError, refusedFields } from '../../../../platform/errors.ts';
import { adminProductView, getAdminProduct, productEtag, ProductPatch, updateProductImage, type AdminProduct } from '../service.ts';
import { productTextKind, type ProductTextField } from '../store-texts.ts';
import { productType } from '../../product-types/registry.ts';
import type { ChildForms } from '../../product-types/admin-section.ts';
import { contentField, contentPatch, contentRefusal, type ContentFormState, type Typed } from './content-form.ts';
import { parseProductChanges, type FieldErrors, type ProductEdit } from './edit-data.ts';
import { productPatch, saveProductChanges } from './form-save.ts';
import { formField, staleMessage, summary, type MainFormState } from './main-form.ts';
import { typedAlt } from './image-alt.ts';

/** Everything the refused page shows again: each part as typed with its errors. */
export interface PageRefusal {
  parts: ChildForms & { main: MainFormState };
  content: ContentFormState;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/** An image's alternative text in the form. */
export const altField = (imageId: number) => `image_${imageId}_alt`;

/** `storeOverrides.{code}.{field}`: a store view's text is the content's, its price the main form's. */
const isText = (path: readonly PropertyKey[]) => path[0] === 'storeOverrides' && productTextKind.fields.includes(String(path[2]) as ProductTextField);

/** Both parts' store views' entries merged (the main form's prices, the content's texts), the rest side by side. */
function merged(main: Record<string, unknown>, content: Record<string, unknown>, part: Record<string, unknown>) {
  const views = { ...(content.storeOverrides as Record<string, object> | undefined) };
  for (const [code, prices] of Object.entries((main.storeOverrides as Record<string, object> | undefined) ?? {})) views[code] = { ...views[code], ...prices };
  return { ...main, ...content, ...part, ...(Object.keys(views).length > 0 ? { storeOverrides: views } : {}) };
}

const same = (typed: unknown, saved: unknown) => JSON.stringify(typed ?? '') === JSON.stringify(saved ?? '');

/**
 * The content's fields that differ from the saved ones: the form sends them all, and writing only
 * what changed keeps the audit's diff to what the admin changed (and a field untouched never
 * overwritten). A store view's text is compared field by field (the service writes each sent one).
 */
function changedContent(patch: Record<string, unknown>, saved: AdminProduct): Record<string, unknown> {
  const view = adminProductView(saved) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'storeOverrides') continue;
    if (!same(value, view[key])) changed[key] = value;
  }
  const views: Record<string, Record<string, unknown>> = {};
  for (const [code, texts] of Object.entries((patch.storeOverrides as Record<string, Record<string, unknown>> | undefined) ?? {})) {
    const own = saved.storeTexts[code] as Record<string, unknown> | undefined;
    for (const [field, value] of Object.entries(texts)) if (!same(value, own?.[field])) (views[code] ??= {})[field] = value;
  }
  return Object.keys(views).length > 0 ? { ...changed, storeOverrides: views } : changed;
}

/** Saves the posted page; answers what to show again when something was refused, or nothing when saved. */
export async function saveProductPage(c: Context<AdminEnv>, edit: ProductEdit, typed: Typed): Promise<PageRefusal | undefined> {
  const fields = Object.fromEntries(Object.entries(typed).map(([name, value]) => [name, first(value)]));
  const etag = fields._etag ?? '';
  const saved = await getAdminProduct(c.var.db, edit.product.id);
  const refusal = (errors: FieldErrors, parts: ChildForms, content: ContentFormState, message?: string, conflict?: boolean): PageRefusal => {
    // The page's message sums up every part's errors; a part's own message (a list it could not read) stands by it.
    const count = Object.keys(errors).length + Object.keys(content.errors).length + Object.values(parts).reduce((sum, part) => sum + Object.keys((part as { errors?: object }).errors ?? {}).length, 0);
    const error = count > 0 ? summary(count) : message;
    return { parts: { ...parts, main: { typed: fields, etag, errors, ...(error ? { error } : {}), ...(conflict ? { conflict } : {}) } }, content };
  };
  const asTyped = (errors: Record<string, string> = {}, error?: string): ContentFormState => ({ typed, etag, errors, ...(error ? { error } : {}) });
  const readPart = async () => (await productType(edit.product.type).adminFields?.read(c.var.db, saved, typed)) ?? { patch: {}, refuse: () => ({}) };
  // Every part shown as typed, to copy from.
  const stale = async () => {
    const part = await readPart();
    return refusal({}, 'refused' in part ? part.refused : part.refuse({}, ''), asTyped(), staleMessage, true);
  };
  // Said before any field's error: correcting a form that cannot be saved would be work lost (the
  // save checks again, under the product's lock).
  if (etag !== '' && etag !== productEtag(saved)) return stale();

  const main = parseProductChanges(edit, fields);
  // A part not sent (an older page, a script posting only some fields) is left as it is.
  const content = await contentPatch(c.var.db, typed);
  const part = await readPart();
  if ('errors' in main || 'errors' in content || 'refused' in part) {
    return refusal('errors' in main ? main.errors : {}, 'refused' in part ? part.refused : {}, asTyped('errors' in content ? content.errors : {}));
  }

  // Every refusal of the merged patch, by the part it is about.
  const refuse = (issues: Array<{ path: readonly PropertyKey[]; message: string }>, message: string, conflict?: boolean) => {
    const mainErrors: FieldErrors = {};
    const contentErrors: Record<string, string> = {};
    const partIssues: Record<string, string> = {};
    for (const { path, message: text } of issues) {
      const inContent = isText(path) ? contentField(path) : path[0] === 'storeOverrides' ? undefined : contentField(path);
      const inMain = inContent ? undefined : formField(edit, path);
      if (inContent) contentErrors[inContent] ??= text;
      else if (inMain) mainErrors[inMain] ??= text;
      else partIssues[path.map(String).join('.')] ??= text;
    }
    const placed = Object.keys(mainErrors).length + Object.keys(contentErrors).length > 0;
    const partState = Object.keys(partIssues).length > 0 ? part.refuse(partIssues, message) : {};
    return refusal(mainErrors, partState, contentRefusal(typed, etag, contentErrors, ''), placed || Object.keys(partState).length > 0 ? undefined : message, conflict);
  };
  const patch = ProductPatch.safeParse(merged(productPatch(edit, main.changes), changedContent(content.patch, saved), part.patch));
  if (!patch.success) return refuse(patch.error.issues, patch.error.issues[0]?.message ?? 'Check the form.');

  const alts = saved.images.flatMap((image) => {
    const typedText = typed[altField(image.id)];
    const alt = typedText === undefined ? undefined : typedAlt(first(typedText), altField(image.id));
    return alt === undefined || alt === image.label ? [] : [{ id: image.id, alt }];
  });
  try {
    await saveProductChanges({ db: c.var.db, notifications: c.var.notifications, actor: c.var.admin }, edit, main.changes, patch.data, etag || undefined, async (within) => {
      for (const image of alts) await updateProductImage(within, edit.product.id, image.id, { alt: image.alt });
    });
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError) || !['invalid', 'conflict', 'precondition_failed'].includes(error.kind)) throw error;
    if (error.code === 'stale_version') return stale();
    const issues = Object.entries(refusedFields(error)).map(([name, message]) => ({ path: name.split('.'), message }));
    return refuse(issues, error.message, error.kind === 'conflict');
  }
}
