/** Small enough to seed in a moment, large enough for several pages and every product type. */
export const testCatalogSize = 40;
