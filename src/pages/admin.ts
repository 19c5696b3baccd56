import type { APIRoute } from 'astro';
import { adminUrl } from '../lib/config.ts';
import { methodNotAllowed } from '../lib/http/responses.ts';

/** GET /admin: the backend admin panel (BACKEND_ADMIN_URL, default {BACKEND_API_URL}/admin). */
export const ALL: APIRoute = ({ request }) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  // 302, not 301: the admin's address is configuration and may change; browsers must not pin it.
  return new Response(null, { status: 302, headers: { Location: adminUrl(), 'Cache-Control': 'no-store' } });
};
