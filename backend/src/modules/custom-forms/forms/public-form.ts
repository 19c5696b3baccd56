/**
 * The public answer of `GET /api/rest/v2/custom-forms/{code}` (DECISIONS.md 18, 35): the contract's
 * shape (contracts/custom-form.ts) with a render token signed now, the honeypot's name and the
 * captcha's public half.
 */
import type { PublicForm } from '../../../../../contracts/custom-form.ts';
import { signRenderToken } from '../../../../../contracts/render-token.ts';
import type { FormsConfig } from '../config.ts';
import type { customForms } from '../tables.ts';

/** Names bots like to fill; the first one the form does not use names the honeypot. */
const HONEYPOT_NAMES = ['website', 'homepage', 'url_address', 'contact_website'];

export function honeypotFieldOf(form: Pick<typeof customForms.$inferSelect, 'fields'>): string {
  const used = new Set(form.fields.map((field) => field.key));
  return HONEYPOT_NAMES.find((name) => !used.has(name)) ?? 'hp_field';
}

export async function publicFormAnswer(form: typeof customForms.$inferSelect, config: FormsConfig, secret: string, now: Date): Promise<PublicForm> {
  return {
    code: form.code,
    title: form.title,
    fields: form.fields,
    successMessage: form.successMessage,
    renderToken: await signRenderToken(secret, form.code, now.getTime()),
    honeypotField: honeypotFieldOf(form),
    captcha: config.captcha.provider === 'none' ? null : { provider: config.captcha.provider, siteKey: config.captcha.siteKey },
  };
}
