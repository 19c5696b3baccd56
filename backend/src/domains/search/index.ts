import { defineDomain } from '../../platform/modules/define-domain.ts';
import { searchRoutes } from './routes.ts';

/** Full-text product search. */
export const search = defineDomain({ id: 'search', api: [searchRoutes] });
