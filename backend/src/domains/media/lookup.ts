import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { blogPosts, categories, productImages, products } from '../../platform/db/schema/index.ts';
import type { MediaKind } from './urls.ts';

/** The title an image stands for, or undefined when no record uses the file. */
export async function findImageTitle(db: Db, kind: MediaKind, file: string): Promise<string | undefined> {
  switch (kind) {
    case 'product': {
      if (file === 'placeholder.svg') return 'No image';
      const [row] = await db
        .select({ title: products.name })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .where(eq(productImages.file, file))
        .limit(1);
      return row?.title;
    }
    case 'category': {
      const [row] = await db.select({ title: categories.name }).from(categories).where(eq(categories.imageFile, file)).limit(1);
      return row?.title;
    }
    case 'blog': {
      const [row] = await db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.featuredImageFile, file)).limit(1);
      return row?.title;
    }
  }
}
