/** The parts of an image upload route (a product's images, a category's image) that every such route shares. */
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { MAX_UPLOAD_BYTES } from './upload.ts';

/** The multipart fields of an image upload: the file and its alternative text. */
export const imageUploadFields = {
  file: z.custom<File>((value) => value instanceof File && value.size > 0, 'Send the image as the form field "file".').openapi({ type: 'string', format: 'binary', description: `JPEG, PNG, WebP, GIF, AVIF or TIFF, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB; stored re-encoded as WebP, at most 2000 px a side.` }),
  alt: z.string().max(255).optional().openapi({ description: 'Alternative text.' }),
};

/** Refuses a body too large to hold an allowed image (with room for the multipart framing) before it is read. */
export const imageUploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: (c) => c.json({ error: 'invalid_request', message: 'The upload is too large.', details: [{ location: 'form', field: 'file', message: 'Too large.' }] }, 400),
});
