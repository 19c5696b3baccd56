import type { APIRoute } from 'astro';
import { renderTdmrep } from '../../lib/agents/tdm.ts';

/**
 * GET /.well-known/tdmrep.json (W3C TDMRep). The only agent document that is the same on every
 * host and needs no KV, so it is prerendered into the static assets; the others name absolute URLs
 * on the store's origin or read KV, and render on demand.
 */
export const prerender = true;

export const GET: APIRoute = () => new Response(renderTdmrep(), { headers: { 'Content-Type': 'application/json' } });
