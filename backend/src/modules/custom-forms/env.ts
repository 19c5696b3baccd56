import { z } from 'zod';
import { blankIsUnset } from '../../platform/env/blank.ts';

const url = blankIsUnset(z.url({ protocol: /^https?$/ }));

/** The module's variables, parsed once when the app starts (ModuleDefinition.env). */
export const FormsEnvSchema = z
  .object({
    /** Where a form posted straight to the backend's /customforms/form/submit is sent back to. */
    STOREFRONT_URL: url,
    /** Shared with the storefront: signs render tokens (contracts/render-token.ts). */
    STOREFRONT_PROXY_SECRET: blankIsUnset(z.string().min(32)),
    /** The providers' verification endpoints; a test points them at a local server. */
    TURNSTILE_VERIFY_URL: url,
    HCAPTCHA_VERIFY_URL: url,
    RECAPTCHA_VERIFY_URL: url,
  })
  .transform((env) => ({
    tokenSecret: env.STOREFRONT_PROXY_SECRET,
    storefrontUrl: env.STOREFRONT_URL?.replace(/\/+$/, ''),
    verifyUrls: {
      turnstile: env.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      hcaptcha: env.HCAPTCHA_VERIFY_URL ?? 'https://api.hcaptcha.com/siteverify',
      recaptcha: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    },
  }));
export type FormsEnv = z.infer<typeof FormsEnvSchema>;
