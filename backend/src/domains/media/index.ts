import { defineDomain } from '../../platform/modules/define-domain.ts';
import { mediaRoutes } from './routes.ts';

/** Product, category and blog images, resized on request. */
export const media = defineDomain({ id: 'media', public: [mediaRoutes] });
