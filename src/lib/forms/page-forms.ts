/**
 * What a CMS page needs to render its forms: the synced forms its content names and the outcome
 * of a no-JS post of one of them (flash.ts). A page with forms is marked for fresh tokens at the
 * edge, and one whose forms use a captcha allows that provider in its CSP; a page answering a flash
 * clears the cookie and is never cached.
 */
import type { StoredForm } from '../content/schemas.ts';
import { readStoredForms } from '../content/content-store.ts';
import { formCodesIn } from './directive.ts';
import { contentSecurityPolicy } from '../http/standard-headers.ts';
import { captchaPolicy } from './captcha.ts';
import { clearedFormFlashCookie, readFormFlash, type FormFlash } from './flash.ts';
import { FORMS_HEADER } from './fresh-tokens.ts';

export interface PageForms {
  forms: Record<string, StoredForm>;
  flash: FormFlash | null;
}

export async function loadPageForms(
  kv: KVNamespace,
  store: string,
  content: string,
  request: Request,
  flashSecret: string | undefined,
  responseHeaders: Headers,
): Promise<PageForms> {
  const codes = formCodesIn(content);
  if (codes.length === 0) return { forms: {}, flash: null };
  const [stored, flash] = await Promise.all([readStoredForms(kv, store, codes), readFormFlash(request, flashSecret)]);
  if (stored.length > 0) responseHeaders.set(FORMS_HEADER, '1');
  const providers = stored.flatMap((form) => (form.captcha ? [form.captcha.provider] : []));
  if (providers.length > 0) responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(captchaPolicy(providers)));
  if (flash) {
    const url = new URL(request.url);
    responseHeaders.append('Set-Cookie', clearedFormFlashCookie(url.pathname, url.protocol === 'https:'));
    responseHeaders.set('Cache-Control', 'private, no-store');
  }
  return { forms: Object.fromEntries(stored.map((form) => [form.code, form])), flash };
}
