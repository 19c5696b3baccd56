import type { APIRoute } from 'astro';
import { json } from '../lib/http/responses.ts';

/** Liveness of the worker itself: no KV, no backend. Monitors and the benchmark's ceiling use it. */
export const GET: APIRoute = () => json({ status: 'ok' });
