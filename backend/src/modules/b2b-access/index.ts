import { resolve } from 'node:path';
import { defineModule } from '../../platform/modules/define-module.ts';
import { accessAdmin, accessAdminNav } from './admin/index.ts';
import { accessConfigSchema, type AccessConfig } from './config.ts';
import { seedAccessDemo } from './demo.ts';
import { discoveryAnswer } from './discovery.ts';
import { accessAdminApi } from './routes/admin-api.ts';
import { accessPublicRoutes } from './routes/public.ts';
import { annotateProducts } from './runtime/annotate.ts';
import { withholdConcealedLines } from './runtime/cart-lines.ts';
import { refuseBlockedAdd, refuseBlockedOrder } from './runtime/enforcement.ts';
import { refuseWalledGuestCart, refuseWalledGuestRead } from './runtime/guest-api-wall.ts';
import { hideFromListings } from './runtime/visibility.ts';

/**
 * B2B Access (SPEC.md "B2B Access module configuration", DECISIONS.md 16, 17, 20, 25–31, 43): a login
 * wall, hidden prices and blocked purchase, from one gate (basic mode) or from rules, decided per
 * caller and product by a pure engine (engine/) and enforced by the backend: the catalog annotation,
 * the visibility hook and the cart and checkout hooks (runtime/).
 */
const b2bAccess = defineModule<AccessConfig>({
  id: 'b2b-access',
  title: 'B2B Access',
  migrations: resolve(import.meta.dirname, 'migrations'),
  config: accessConfigSchema,
  routes: { adminApi: accessAdminApi, admin: accessAdmin, public: accessPublicRoutes },
  discovery: { code: 'access', answer: discoveryAnswer },
  annotations: [{ annotation: 'api_product_dto_build', handle: annotateProducts }],
  hooks: [
    { hook: 'catalog.visibility', handle: hideFromListings },
    { hook: 'cart.validateAdd', handle: refuseBlockedAdd },
    { hook: 'checkout.beforePlaceOrder', handle: refuseBlockedOrder },
    { hook: 'cart.view', handle: withholdConcealedLines },
    { hook: 'catalog.guestRead', handle: refuseWalledGuestRead },
    { hook: 'cart.validateAdd', handle: refuseWalledGuestCart },
  ],
  admin: { nav: accessAdminNav },
  demo: (ctx, { configure }) => seedAccessDemo(ctx, configure),
});

export default b2bAccess;
