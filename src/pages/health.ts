import type { APIRoute } from 'astro';
import { healthResponse } from '../lib/pipeline/fixed-routes.ts';

/** Liveness of the worker itself; the worker entry usually answers it before Astro runs. */
export const GET: APIRoute = () => healthResponse();
