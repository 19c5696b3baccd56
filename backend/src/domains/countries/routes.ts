import { createRoute } from '@hono/zod-openapi';
import { listOf } from '../../../../contracts/collections.ts';
import { countrySchema } from '../../../../contracts/country.ts';
import { asc, inArray } from 'drizzle-orm';
import { groupBy } from '../../platform/collections.ts';
import { countries, regions } from '../../platform/db/schema/index.ts';
import { publicCatalogCache } from '../../platform/http/cache-control.ts';
import type { StoreEnv } from '../../platform/http/context.ts';
import { createRouter } from '../../platform/http/router.ts';
import { errorResponses, jsonContent } from '../../platform/http/schemas.ts';
import { StoreHeaders, StoreQuery } from '../stores/schemas.ts';
import { resolveStoreView } from '../stores/store-view.ts';

const listCountriesRoute = createRoute({
  method: 'get',
  path: '/countries',
  tags: ['Content'],
  summary: "The store view's allowed countries with their regions",
  middleware: [resolveStoreView, publicCatalogCache] as const,
  request: { query: StoreQuery, headers: StoreHeaders },
  responses: {
    200: jsonContent(listOf(countrySchema).meta({ id: 'CountryList' }), 'Countries'),
    404: errorResponses[404],
  },
});

export const countryRoutes = createRouter<StoreEnv>().openapi(listCountriesRoute, async (c) => {
  const allowed = c.var.store.allowedCountries;
  const [countryRows, regionRows] =
    allowed.length === 0
      ? [[], []]
      : await Promise.all([
          c.var.db.select().from(countries).where(inArray(countries.id, allowed)).orderBy(asc(countries.name)),
          c.var.db
            .select()
            .from(regions)
            .where(inArray(regions.countryId, allowed))
            .orderBy(asc(regions.position), asc(regions.name)),
        ]);
  const regionsOf = groupBy(regionRows, (r) => r.countryId);
  const member = countryRows.map((country) => ({
    id: country.id,
    name: country.name,
    regions: (regionsOf.get(country.id) ?? []).map((r) => ({ id: r.id, code: r.code, name: r.name })),
  }));
  return c.json({ member, totalItems: member.length }, 200);
});
