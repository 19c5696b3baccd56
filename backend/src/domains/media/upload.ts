/**
 * An uploaded image, made safe to serve: decoded and re-encoded by sharp (so nothing but pixels
 * survives: no scripts, no metadata, no polyglot files), turned upright, at most 2000 px a side, as
 * WebP. Stored by the hash of its bytes (`media_files`), so a name never changes what it serves.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../platform/db/database.ts';
import { mediaFiles } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/** SPEC.md leaves upload size open: 10 MB holds any photo a phone takes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_SIDE = 2000;

export interface StoredImage {
  file: string;
  width: number;
  height: number;
}

export async function storeUploadedImage(db: Db, upload: Uint8Array): Promise<StoredImage> {
  if (upload.byteLength > MAX_UPLOAD_BYTES) throw new AppError('invalid', 'image_too_large', `An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, [{ location: 'form', field: 'file', message: 'Too large.' }]);
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    encoded = await sharp(upload, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new AppError('invalid', 'unsupported_image', 'That file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF).', [{ location: 'form', field: 'file', message: 'Not a readable image.' }], { cause });
  }
  const file = `${createHash('sha256').update(encoded.data).digest('hex').slice(0, 24)}.webp`;
  await db
    .insert(mediaFiles)
    .values({ file, contentType: 'image/webp', bytes: encoded.data, width: encoded.info.width, height: encoded.info.height, createdAt: new Date() })
    .onConflictDoNothing();
  return { file, width: encoded.info.width, height: encoded.info.height };
}
