import { defineDomain } from '../../platform/modules/define-domain.ts';
import { checkoutRoutes } from './routes.ts';

/** Shipping and payment choices, payment intents and placing the order. */
export const checkout = defineDomain({ id: 'checkout', api: [checkoutRoutes] });
