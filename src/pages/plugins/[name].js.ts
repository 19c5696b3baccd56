import type { APIRoute } from 'astro';
import { backendClient } from '../../lib/config.ts';
import { jsonError, methodNotAllowed } from '../../lib/http/responses.ts';

/** Module names are kebab-case ids (`b2b-access`); nothing else reaches the backend. */
const pluginName = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * GET /plugins/{module}.js: a B2B module's client script, proxied from the backend so pages load it
 * from their own origin (DECISIONS.md 26; the CSP allows only same-origin scripts).
 */
export const ALL: APIRoute = async ({ request, params }) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const name = params.name ?? '';
  if (!pluginName.test(name)) return jsonError(404, 'not_found', 'No such module script.');
  try {
    return await backendClient().plugin(name, request.method);
  } catch (error) {
    console.error('plugin proxy failed:', error);
    return jsonError(502, 'backend_unavailable', 'The module script could not be fetched from the backend.');
  }
};
