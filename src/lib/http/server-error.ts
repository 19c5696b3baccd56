/**
 * The worker entry's last answer when something fails outside Astro's own error handling (which
 * renders src/pages/500.astro): no stack trace, no detail, JSON for the JSON paths and a plain page
 * in the storefront's colours for the rest. It reads nothing, so it cannot fail in turn.
 */
import { jsonError } from './responses.ts';

const JSON_PATHS = /^\/(sync|cache|freshness|pulse|api|embed|mcp)(\/|$)/;

/** Paths whose callers are programs: their errors are JSON `{error, message}`, never a page. */
export const isJsonPath = (pathname: string): boolean => JSON_PATHS.test(pathname);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Something went wrong</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 15vh auto; padding: 0 1rem; text-align: center; color: #1f2933">
<h1>Something went wrong on our side</h1>
<p>This page could not be shown just now. Please try again in a moment, or continue from the <a href="/">home page</a>.</p>
</body></html>`;

export function serverErrorResponse(request: Request): Response {
  if (isJsonPath(new URL(request.url).pathname)) {
    return jsonError(500, 'internal_error', 'The storefront failed to handle this request.');
  }
  return new Response(PAGE, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}
