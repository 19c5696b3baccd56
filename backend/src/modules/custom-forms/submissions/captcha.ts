/**
 * Server-side captcha verification (the pipeline's captcha step): the token goes to the provider's
 * siteverify endpoint with the secret key and the visitor's IP. Turnstile and hCaptcha answer
 * `success`; reCAPTCHA v3 also a `score`, refused under the configured minimum. A provider that
 * cannot be reached (network, timeout, 5xx, not JSON) is "unavailable", and `failOpen` decides.
 * Each token counts once here too, whatever the provider remembers.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { countHit } from '../../../platform/rate-limit/counter.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { FormsConfig } from '../config.ts';
import type { FormsEnv } from '../env.ts';

export type CaptchaVerdict = 'passed' | 'failed' | 'unavailable';

const VERIFY_TIMEOUT_MS = 5000;
/** Provider tokens live a few minutes; two hours of memory covers any of them. */
const TOKEN_MEMORY = { seconds: 2 * 60 * 60 };

const answerSchema = z.object({ success: z.boolean(), score: z.number().optional() });

async function askProvider(url: string, form: URLSearchParams): Promise<z.infer<typeof answerSchema> | null> {
  try {
    const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS) });
    if (response.status >= 500) return null;
    const parsed = answerSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    // Unreachable, timed out or not JSON: the verdict is "unavailable" and failOpen decides.
    return null;
  }
}

export async function verifyCaptcha(
  db: Db,
  captcha: FormsConfig['captcha'],
  verifyUrls: FormsEnv['verifyUrls'],
  token: string | undefined,
  clientIp: string,
  now: Date,
): Promise<CaptchaVerdict> {
  if (captcha.provider === 'none') return 'passed';
  if (!token || token.length > 4096) return 'failed';
  const seen = await countHit(db, `captcha:${createHash('sha256').update(token).digest('hex')}`, TOKEN_MEMORY, now);
  if (seen > 1) return 'failed';
  const answer = await askProvider(verifyUrls[captcha.provider], new URLSearchParams({ secret: captcha.secretKey, response: token, remoteip: clientIp }));
  if (!answer) return 'unavailable';
  if (!answer.success) return 'failed';
  if (captcha.provider === 'recaptcha' && (answer.score ?? 0) < captcha.minScore) return 'failed';
  return 'passed';
}
