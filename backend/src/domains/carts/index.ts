import { defineDomain } from '../../platform/modules/define-domain.ts';
import { cartRoutes } from './routes.ts';

/** Guest and customer carts. */
export const carts = defineDomain({ id: 'carts', api: [cartRoutes] });
