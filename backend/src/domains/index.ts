import { audit, auth, events, health, mail, modulesAdmin } from '../platform/declarations.ts';
import type { DomainDefinition } from '../platform/modules/define-domain.ts';
import { blog, blogAdmin } from './blog/index.ts';
import { carts } from './carts/index.ts';
import { catalog, catalogAdmin } from './catalog/index.ts';
import { checkout } from './checkout/index.ts';
import { cms, cmsAdmin } from './cms/index.ts';
import { countries } from './countries/index.ts';
import { customers } from './customers/index.ts';
import { media } from './media/index.ts';
import { orders } from './orders/index.ts';
import { search } from './search/index.ts';
import { shipping } from './shipping/index.ts';
import { stores, storesAdmin } from './stores/index.ts';

/**
 * Every core domain and part of the platform with routes, mounted in this order by app.ts (routes)
 * and platform/admin/mount.ts (pages). No request depends on the order: each router resolves its own
 * paths, and a route two of them claim stops the start (mount-domains.ts). The order is the OpenAPI
 * document's order of paths, kept as it was so the published document did not change (hence the
 * admin halves of stores, cms, blog and catalog further down); within a navigation section, it is
 * the order of the links.
 */
export const coreDomains: readonly DomainDefinition[] = [
  health,
  modulesAdmin,
  events,
  media,
  stores,
  catalog,
  search,
  cms,
  blog,
  countries,
  carts,
  checkout,
  auth,
  customers,
  orders,
  audit,
  mail,
  shipping,
  storesAdmin,
  cmsAdmin,
  blogAdmin,
  catalogAdmin,
];
