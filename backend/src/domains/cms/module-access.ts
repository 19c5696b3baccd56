import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { cmsPages } from '../../platform/db/schema/index.ts';

type NewPage = typeof cmsPages.$inferInsert;

/** What modules may read and write of the CMS pages (ModuleContext `cms`): a module's demo adds its pages. */
export function cmsForModules(db: Db) {
  return {
    async pageByIdentifier(identifier: string): Promise<{ id: number; content: string } | undefined> {
      const [page] = await db.select({ id: cmsPages.id, content: cmsPages.content }).from(cmsPages).where(eq(cmsPages.identifier, identifier));
      return page;
    },
    async setContent(id: number, content: string, now: Date): Promise<void> {
      await db.update(cmsPages).set({ content, updatedAt: now }).where(eq(cmsPages.id, id));
    },
    async create(page: NewPage): Promise<void> {
      await db.insert(cmsPages).values(page);
    },
  };
}

export type CmsForModules = ReturnType<typeof cmsForModules>;
