/**
 * The shared frame of the agent document routes: GET and HEAD only, the store and public origin
 * of the request (DECISIONS.md 11, 54), and the
 * response with its content type and cache lifetime (bodiless for HEAD).
 *
 * These documents depend on the host (origin, store) and on KV, so they render on demand rather
 * than being prerendered. Browsers and shared caches keep them an hour (`max-age=3600`), and the
 * worker's edge cache stores them under the version tag like pages (cache/cache-policy.ts), so a
 * sitemap's dozen `list()` calls at 10,000 products happen once per data version and host.
 */
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { publicOriginForUrl, storeForUrl } from '../config.ts';
import { contentStore, type ContentStore } from '../content/content-store.ts';
import { methodNotAllowed } from '../http/responses.ts';
import { AGENT_DOCUMENT_CACHE_CONTROL } from './agent-paths.ts';

export interface AgentRequest {
  origin: string;
  store: string;
  content: ContentStore;
  kv: KVNamespace;
  url: URL;
}

export interface AgentDocument {
  body: string;
  contentType: string;
  status?: number;
  headers?: Record<string, string>;
}

export function agentDocumentRoute(render: (request: AgentRequest) => Promise<AgentDocument> | AgentDocument): APIRoute {
  return async ({ request, url }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
    const origin = publicOriginForUrl(url);
    const store = storeForUrl(url);
    const document = await render({ origin, store, content: contentStore(env.CONTENT, store), kv: env.CONTENT, url });
    return new Response(request.method === 'HEAD' ? null : document.body, {
      status: document.status ?? 200,
      headers: { 'Content-Type': document.contentType, 'Cache-Control': AGENT_DOCUMENT_CACHE_CONTROL, ...document.headers },
    });
  };
}
