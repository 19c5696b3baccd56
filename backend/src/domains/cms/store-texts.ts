/**
 * A CMS page's texts in one store view (issue 17): its own title, content, meta title and meta
 * description, each inheriting the page's own when the view has none (stores/store-texts.ts). The
 * admin API takes them as `storeOverrides.{code}`; the public list of a store view shows them.
 */
import { z } from '@hono/zod-openapi';
import { cmsPageStoreTexts } from '../../platform/db/schema/index.ts';
import type { StoreTextKind, StoreTexts } from '../stores/store-texts.ts';

export type CmsPageTextField = 'title' | 'content' | 'metaTitle' | 'metaDescription';

export const cmsPageTextKind: StoreTextKind<CmsPageTextField> = {
  table: cmsPageStoreTexts,
  owner: 'pageId',
  fields: ['title', 'content', 'metaTitle', 'metaDescription'],
  html: ['content'],
};

const inherit = 'null or empty: the page\'s own.';

/** The bounds of the page's own fields (admin.ts), by store view code. */
export const CmsPageStoreOverrides = z
  .record(
    z.string().max(64),
    z
      .object({
        title: z.string().trim().max(255).nullable().openapi({ description: `The view's own title; ${inherit}` }),
        content: z.string().max(500_000).nullable().openapi({ description: `HTML, sanitised on save; ${inherit}` }),
        metaTitle: z.string().trim().max(255).nullable().openapi({ description: inherit }),
        metaDescription: z.string().trim().max(1000).nullable().openapi({ description: inherit }),
      })
      .partial()
      .strict(),
  )
  .openapi({ description: 'Per store view code (not the default view): its own title, content and meta fields.' });

export type CmsPageStoreTexts = Record<string, StoreTexts<CmsPageTextField>>;
