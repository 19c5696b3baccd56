/**
 * The storefront's request pipeline, in order. Static assets never get here (the Cloudflare
 * adapter serves them from the ASSETS binding first).
 *   1. errors: nothing escapes as a stack trace; management/API paths answer JSON.
 *   2. routes: Astro pages and endpoints.
 * On the way out every response gets the standard headers (Link to the API catalog and more).
 * Later steps (password gate, markdown negotiation, edge cache) slot in between 1 and 2.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { jsonError } from './lib/http/responses.ts';
import { withStandardHeaders } from './lib/http/standard-headers.ts';

const JSON_PATHS = /^\/(sync|cache|freshness|pulse|api)(\/|$)/;

const standardHeaders = defineMiddleware(async (_context, next) => withStandardHeaders(await next()));

const errors = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    console.error(`${context.request.method} ${context.url.pathname} failed:`, error);
    if (JSON_PATHS.test(context.url.pathname)) {
      return jsonError(500, 'internal_error', 'The storefront failed to handle this request.');
    }
    throw error;
  }
});

export const onRequest = sequence(standardHeaders, errors);
