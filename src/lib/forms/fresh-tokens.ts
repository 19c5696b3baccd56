/**
 * Fresh render tokens on cached pages (DECISIONS.md 36). A page holding a form stays in the edge
 * cache for hours, but the backend measures the minimum fill time from the token's issue time and
 * refuses tokens older than two hours, so every response gets tokens signed now: an HTMLRewriter
 * fills each `input[data-render-token]` on the way out, whether the page came from the cache or was
 * just rendered. Pages mark themselves with FORMS_HEADER (kept in the cached copy, removed here),
 * so pages without forms are not rewritten. Their ETag goes too: a 304 would keep the browser's
 * copy, and its old token, in use (edge-cache.ts never answers 304 for a marked page).
 */
import type { Step } from '../pipeline/step.ts';
import { signRenderToken } from '../../../contracts/render-token.ts';
import { PER_RESPONSE_HEADER } from '../cache/cache-policy.ts';

export const FORMS_HEADER = PER_RESPONSE_HEADER;

export interface FreshTokensOptions {
  /** STOREFRONT_PROXY_SECRET, shared with the backend that verifies the tokens. */
  secret: string | undefined;
  now?: () => number;
}

export function freshFormTokens(options: FreshTokensOptions): Step {
  const now = options.now ?? Date.now;
  return async function freshFormTokensStep(_context, next) {
    const response = await next();
    if (!response.headers.has(FORMS_HEADER)) return response;
    const result = new Response(response.body, response);
    result.headers.delete(FORMS_HEADER);
    result.headers.delete('ETag');
    const secret = options.secret;
    if (!secret) {
      console.warn('Custom Forms: STOREFRONT_PROXY_SECRET is not set, so forms carry no render token and the backend refuses their submissions.');
      return result;
    }
    const issuedAt = now();
    return new HTMLRewriter()
      .on('input[data-render-token]', {
        async element(input) {
          const code = input.getAttribute('data-render-token');
          if (code) input.setAttribute('value', await signRenderToken(secret, code, issuedAt));
        },
      })
      .transform(result);
  };
}
