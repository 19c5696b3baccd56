/**
 * A category's picture (issue 17), uploaded like a product's (media/upload.ts: decoded and
 * re-encoded as WebP, stored by the hash of its bytes) and served at /media/catalog/category/{file}.
 * A category has one: an upload replaces it. The old file stays in `media_files`, as product images'
 * do: a hash-named file may be another record's too. Each change is audited and publishes
 * `catalog_category_saved`, on which the storefront connector syncs the categories.
 */
import { eq } from 'drizzle-orm';
import type { AdminWriteContext } from '../../../platform/content-admin/write-context.ts';
import { categories } from '../../../platform/db/schema/index.ts';
import { AppError } from '../../../platform/errors.ts';
import { storeUploadedImage } from '../../media/upload.ts';
import { announce, lockedRow } from './admin.ts';

type Row = typeof categories.$inferSelect;

/** Sets (or replaces) the category's image and its alternative text. */
export async function setCategoryImage(ctx: AdminWriteContext, id: number, upload: Uint8Array, alt: string, ifMatch?: string): Promise<Row> {
  // Re-encoded before the transaction: sharp's work holds no lock, and what is no image is refused before anything is written.
  const stored = await storeUploadedImage(ctx.db, upload);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRow(tx, id, ifMatch);
    const [row] = await tx.update(categories).set({ imageFile: stored.file, imageAlt: alt, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
    await announce(ctx, tx, 'image_set', id, { image: { from: before.imageFile, to: stored.file } });
    return row!;
  });
}

export function removeCategoryImage(ctx: AdminWriteContext, id: number, ifMatch?: string): Promise<Row> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockedRow(tx, id, ifMatch);
    if (before.imageFile === null) throw new AppError('not_found', 'not_found', `Category ${id} has no image.`);
    const [row] = await tx.update(categories).set({ imageFile: null, imageAlt: '', updatedAt: new Date() }).where(eq(categories.id, id)).returning();
    await announce(ctx, tx, 'image_removed', id, { image: { from: before.imageFile, to: null } });
    return row!;
  });
}
