import { defineDomain } from '../../platform/modules/define-domain.ts';
import { countryRoutes } from './routes.ts';

/** The countries addresses may name. */
export const countries = defineDomain({ id: 'countries', api: [countryRoutes] });
