/**
 * Purge by tag in every data centre through the Cloudflare API (DECISIONS.md 53). The Cache API
 * only reaches the data centre a request runs in; a zone purge by tag reaches every copy that
 * carries the tag, wherever it was stored. Rate limits (429) and Cloudflare's own failures (5xx)
 * are retried with a doubling wait (or the Retry-After it asks for, capped), a few times only:
 * the caller is waiting for the answer.
 */
import { purgeCacheUrl, purgeTagBodies } from '../../../contracts/cache-tags.ts';

export interface CloudflareZone {
  zoneId: string;
  apiToken: string;
  /** Origin of the API: https://api.cloudflare.com unless CF_API_BASE_URL stands another in. */
  apiOrigin: string;
}

export class GlobalPurgeFailed extends Error {
  override readonly name = 'GlobalPurgeFailed';
}

const ATTEMPTS = 4;
const FIRST_WAIT_MS = 250;
const MAX_WAIT_MS = 5_000;
const CALL_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function waitBefore(attempt: number, retryAfter: string | null): number {
  const asked = retryAfter === null ? NaN : Number(retryAfter) * 1000;
  return Math.min(Number.isFinite(asked) && asked >= 0 ? asked : FIRST_WAIT_MS * 2 ** (attempt - 1), MAX_WAIT_MS);
}

/** Cloudflare answers `{"success": false, "errors": [...]}` for a refused purge. */
async function refusal(response: Response): Promise<string | null> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { success?: unknown; errors?: unknown };
    return body.success === false ? JSON.stringify(body.errors ?? []) : null;
  } catch {
    return response.ok ? null : text.slice(0, 200);
  }
}

async function purgeBatch(endpoint: string, body: { tags: string[] }, zone: CloudflareZone, send: typeof fetch): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    let retryable: boolean;
    let retryAfter: string | null = null;
    try {
      const response = await send(endpoint, {
        method: 'POST',
        headers: { Authorization: `Bearer ${zone.apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const refused = await refusal(response);
      if (response.ok && refused === null) return;
      problem = `HTTP ${response.status}${refused ? `: ${refused}` : ''}`;
      retryable = response.status === 429 || response.status >= 500;
      retryAfter = response.headers.get('Retry-After');
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
      retryable = true;
    }
    if (!retryable || attempt >= ATTEMPTS) {
      throw new GlobalPurgeFailed(`Cloudflare purge_cache failed after ${attempt} attempt(s): ${problem}`);
    }
    await sleep(waitBefore(attempt, retryAfter));
  }
}

/** Purges the tags in batches of 30, one after another (a burst would only meet the rate limit). */
export async function purgeTagsEverywhere(tags: readonly string[], zone: CloudflareZone, send: typeof fetch = fetch): Promise<void> {
  const endpoint = purgeCacheUrl(zone.apiOrigin, zone.zoneId);
  for (const body of purgeTagBodies(tags)) await purgeBatch(endpoint, body, zone, send);
}
