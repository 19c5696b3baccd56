/**
 * The submission pipeline, in SPEC.md's order with DECISIONS.md 36: rate limit (per client IP, then
 * per submitted email), honeypot, render token (signature, minimum fill time, two-hour maximum),
 * captcha, then validation, persist, the `customforms_submission_saved` event and the answer. A
 * submission an anti-spam step stops leaves one spam-log row with its reason and nothing else; a
 * honeypot catch is answered like a success (DECISIONS.md 18). Both public paths (the headless API
 * and the no-JS post) run exactly this.
 */
import { verifyRenderToken } from '../../../../../contracts/render-token.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ModuleContext } from '../../../platform/modules/context.ts';
import { countHit } from '../../../platform/rate-limit/counter.ts';
import type { StoreView } from '../../../domains/stores/store-view.ts';
import { formatTimestamp } from '../../../platform/time.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';
import { findForm } from '../forms/service.ts';
import { customFormBlocked, customFormSubmissions, type BlockReason } from '../tables.ts';
import { verifyCaptcha } from './captcha.ts';
import { validatePayload } from './field-validation.ts';
import { notificationEmail } from './notification-email.ts';

export type FormsContext = ModuleContext<FormsConfig, FormsEnv>;

export interface Submission {
  formCode: string;
  payload: Record<string, unknown>;
  renderToken: string;
  hp?: string;
  captchaToken?: string;
}

export interface SubmissionOutcome {
  status: 'ok';
  message: string;
}

/** Render tokens older than this are refused (DECISIONS.md 36). */
export const MAX_TOKEN_AGE_SECONDS = 2 * 60 * 60;
/** Clock difference between the storefront and the backend that a token's issue time may show. */
const CLOCK_SKEW_SECONDS = 10;
const HOUR = { seconds: 60 * 60 };

/** The form a public route may use: active, with the module on. Anything else is a 404. */
export async function publicForm(ctx: FormsContext, code: string) {
  const form = await findForm(ctx, code);
  if (!form || !form.isActive) throw new AppError('not_found', 'not_found', `No form with the code "${code}".`);
  return form;
}

/** The render-token secret; without it no form can be shown or checked (npm start sets it). */
export function tokenSecret(ctx: FormsContext): string {
  const secret = ctx.env.tokenSecret;
  if (!secret) throw new AppError('unavailable', 'forms_not_configured', 'Forms need STOREFRONT_PROXY_SECRET, shared with the storefront, to sign their render tokens.');
  return secret;
}

async function block(ctx: FormsContext, formCode: string, reason: BlockReason, clientIp: string): Promise<void> {
  await ctx.db.insert(customFormBlocked).values({ formCode, reason, clientIp, createdAt: ctx.clock() });
}

/** Lower-cased text of the values: what the admin's submission search looks in. */
function searchTextOf(payload: Record<string, unknown>): string {
  return Object.values(payload)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .toLowerCase()
    .slice(0, 20_000);
}

export async function runPipeline(ctx: FormsContext, submission: Submission, visitor: { clientIp: string; store: StoreView }): Promise<SubmissionOutcome> {
  const config = await ctx.config();
  const form = await publicForm(ctx, submission.formCode);
  const secret = tokenSecret(ctx);
  const now = ctx.clock();
  const refuse = async (reason: BlockReason, error: AppError): Promise<never> => {
    await block(ctx, form.code, reason, visitor.clientIp);
    throw error;
  };

  // 1. Rate limits: every attempt counts, so a bot cannot probe the later steps for free.
  if ((await countHit(ctx.db, `forms:ip:${visitor.clientIp}`, HOUR, now)) > config.rateLimitPerHour) {
    await refuse('rate_limited_ip', new AppError('rate_limited', 'rate_limited', 'Too many submissions from your address. Please try again later.', undefined, { headers: { 'Retry-After': '3600' } }));
  }
  const emailField = form.fields.find((field) => field.type === 'email');
  const email = emailField ? submission.payload[emailField.key] : undefined;
  if (typeof email === 'string' && email.trim() !== '') {
    if ((await countHit(ctx.db, `forms:email:${email.trim().toLowerCase()}`, HOUR, now)) > config.rateLimitPerEmailPerHour) {
      await refuse('rate_limited_email', new AppError('rate_limited', 'rate_limited', 'Too many submissions for this email address. Please try again later.', undefined, { headers: { 'Retry-After': '3600' } }));
    }
  }

  // 2. Honeypot: logged as spam, answered like a success, never stored.
  if (config.honeypot && (submission.hp ?? '').trim() !== '') {
    await block(ctx, form.code, 'honeypot', visitor.clientIp);
    return { status: 'ok', message: form.successMessage };
  }

  // 3. Render token: ours, for this form, neither too fresh nor too old.
  const issuedAt = await verifyRenderToken(secret, form.code, submission.renderToken);
  const age = issuedAt === null ? null : now.getTime() / 1000 - issuedAt;
  if (age === null || age > MAX_TOKEN_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) {
    await refuse('invalid_token', new AppError('invalid', 'invalid_token', 'This form has expired. Please reload the page and send it again.'));
  } else if (age < config.minFillSeconds) {
    await refuse('too_fast', new AppError('invalid', 'too_fast', 'That was quicker than a person can fill in this form. Please wait a moment and send it again.'));
  }

  // 4. Captcha, when configured.
  const verdict = await verifyCaptcha(ctx.db, config.captcha, ctx.env.verifyUrls, submission.captchaToken, visitor.clientIp, now);
  if (verdict === 'failed') await refuse('captcha_failed', new AppError('invalid', 'captcha_failed', 'The captcha was not solved. Please try again.'));
  if (verdict === 'unavailable' && !config.captcha.failOpen) {
    await refuse('captcha_unavailable', new AppError('unavailable', 'captcha_unavailable', 'The captcha could not be checked just now. Please try again in a minute.'));
  }

  // 5. Validation from the form's fields.
  const validated = validatePayload(form.fields, submission.payload);
  if (!validated.ok) {
    throw new AppError('unprocessable', 'validation_failed', 'Some fields need your attention.', undefined, { fields: { status: 'invalid', errors: validated.errors } });
  }

  // 6–8. Persist, email the merchant and announce it, all or nothing.
  await ctx.transaction(async (tx) => {
    const [row] = await tx.db
      .insert(customFormSubmissions)
      .values({ formCode: form.code, storeCode: visitor.store.code, payload: validated.payload, searchText: searchTextOf(validated.payload), clientIp: visitor.clientIp, createdAt: now })
      .returning({ id: customFormSubmissions.id });
    for (const to of form.notifyEmails) await tx.mailer.send(notificationEmail(form, validated.payload, row!.id, to, visitor.store.id));
    await tx.events.publish('customforms_submission_saved', {
      submissionId: row!.id,
      formCode: form.code,
      storeCode: visitor.store.code,
      payload: validated.payload,
      labels: Object.fromEntries(form.fields.map((field) => [field.key, field.label])),
      createdAt: formatTimestamp(now),
    });
  });
  return { status: 'ok', message: form.successMessage };
}
