import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { backendClient, getConfig, storeForUrl } from '../../../lib/config.ts';
import { readStoredForms } from '../../../lib/content/content-store.ts';
import { submitFormPost } from '../../../lib/forms/form-post.ts';
import { methodNotAllowed } from '../../../lib/http/responses.ts';

/** POST /customforms/form/submit: a Custom Forms form posted from a storefront page, with or without JavaScript (lib/forms/form-post.ts). */
export const ALL: APIRoute = async ({ request, url }) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const config = getConfig();
  const store = storeForUrl(url, config);
  return submitFormPost(request, {
    client: backendClient(config),
    store,
    formFor: async (code) => (await readStoredForms(env.CONTENT, store, [code]))[0] ?? null,
    flashSecret: config.SESSION_SECRET,
  });
};
