/**
 * Routes whose answer is the same small document for everyone and needs no page rendering. The
 * worker entry answers them on the early path; their Astro endpoints (src/pages/pulse.ts,
 * health.ts) call the same functions, so `astro dev` and a request Astro handles answer alike.
 */
import { currentPulse } from '../cache/pulse-memo.ts';
import { json, methodNotAllowed } from '../http/responses.ts';

export interface FixedRouteSources {
  kv: KVNamespace;
  assetHash: string;
}

/** Liveness of the worker itself: no KV, no backend. Monitors use it. */
export function healthResponse(): Response {
  return json({ status: 'ok' });
}

/**
 * GET /pulse (DECISIONS.md 5): build hash, data hash and when content last changed, as of at most
 * PULSE_MS ago (the same reading the edge cache's version tag uses).
 */
export async function pulseResponse(request: Request, { kv, assetHash }: FixedRouteSources): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const pulse = await currentPulse(kv);
  return json({ assetHash, pulse: pulse?.hash ?? null, lastSyncAt: pulse?.updatedAt ?? null });
}

/** The fixed route answering a GET or HEAD of `pathname`, if it is one. */
export function fixedRoute(pathname: string): ((request: Request, sources: FixedRouteSources) => Response | Promise<Response>) | null {
  if (pathname === '/pulse') return pulseResponse;
  if (pathname === '/health') return healthResponse;
  return null;
}
