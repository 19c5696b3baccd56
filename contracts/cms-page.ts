/** A CMS page: `/cms-pages` answers pages of them; the storefront keeps each under `{store}:cms:{identifier}`. */
import { z } from 'zod';
import { html, timestamp } from './fields.ts';

export const cmsPageSchema = z
  .object({
    id: z.number().int(),
    identifier: z.string().min(1).meta({ example: 'about-us' }),
    title: z.string(),
    contentHeading: z.string().meta({ description: 'May be empty.' }),
    content: html,
    metaTitle: z.string().meta({ description: 'May be empty.' }),
    metaDescription: z.string().meta({ description: 'May be empty.' }),
    isActive: z.boolean(),
    updatedAt: timestamp,
  })
  .meta({ id: 'CmsPage' });
export type CmsPage = z.infer<typeof cmsPageSchema>;
