import type { APIRoute } from 'astro';
import { handleFreshness } from '../lib/freshness/endpoint.ts';

/** POST /freshness: background revalidation of one record (public; takes no content). */
export const ALL: APIRoute = ({ request }) => handleFreshness(request);
