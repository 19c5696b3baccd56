import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { mediaFiles } from '../../platform/db/schema/index.ts';
import type { Context } from 'hono';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { errorResponses } from '../../platform/http/schemas.ts';
import { findImageTitle } from './lookup.ts';
import { placeholderSvg } from './placeholder-svg.ts';
import { mediaKinds, type MediaKind } from './urls.ts';

/** A plain file name: no directories, no dot segments, nothing to traverse with. */
const FileName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(?:svg|webp)$/, 'Expected a file name such as "canvas-tote.svg".')
  .openapi({ param: { name: 'file', in: 'path' }, example: 'canvas-tote.svg' });

/** An uploaded image is named by the hash of its bytes: cached for good. */
const uploadedHeaders = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'X-Content-Type-Options': 'nosniff',
};

const svgHeaders = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=86400',
  // An SVG opened directly is a document: no scripts, no outside resources.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

function imageRoute(kind: MediaKind) {
  return createRoute({
    method: 'get',
    path: `${mediaKinds[kind]}/{file}`,
    tags: ['Media'],
    summary: `A ${kind} image: uploaded (WebP) or generated (SVG)`,
    request: { params: z.object({ file: FileName }) },
    responses: {
      200: { description: 'The image', content: { 'image/svg+xml': { schema: z.string() }, 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
      404: errorResponses[404],
    },
  });
}

/** Unknown and malformed names alike are "not found": a bad name can only be a file we do not have. */
function imageHandler(kind: MediaKind) {
  return async function serveImage(c: Context<AppEnv>) {
    const file = c.req.param('file') ?? '';
    if (file.endsWith('.webp') && FileName.safeParse(file).success) {
      const [stored] = await c.var.db.select().from(mediaFiles).where(eq(mediaFiles.file, file));
      if (!stored) throw new AppError('not_found', 'media_not_found', 'No such image.');
      return c.body(new Uint8Array(stored.bytes), 200, { ...uploadedHeaders, 'Content-Type': stored.contentType });
    }
    const title = FileName.safeParse(file).success ? await findImageTitle(c.var.db, kind, file) : undefined;
    if (title === undefined) throw new AppError('not_found', 'media_not_found', 'No such image.');
    return c.body(placeholderSvg({ title, seed: file }), 200, svgHeaders);
  };
}

/** Documented like every route; validated by hand so that a malformed name answers 404 rather than 400. */
export const mediaRoutes = createRouter();
const kinds: MediaKind[] = ['product', 'category', 'blog'];
for (const kind of kinds) {
  mediaRoutes.openAPIRegistry.registerPath(imageRoute(kind));
  mediaRoutes.get(`${mediaKinds[kind]}/:file`, imageHandler(kind));
}
