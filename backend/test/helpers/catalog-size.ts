import { tradeRangeSize } from '../../src/demo/trade.ts';

/** Small enough to seed in a moment, large enough for several pages and every product type. */
export const testCatalogSize = 40;

/** Products with a page of their own in the test catalog: the generated ones plus the fixed trade range. */
export const visibleCatalogSize = testCatalogSize + tradeRangeSize;
