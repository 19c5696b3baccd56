import { z } from 'zod';
import { field } from '../../platform/modules/config-fields.ts';

/** Custom Forms configuration: DECISIONS.md 35 exactly, plus the reCAPTCHA v3 score threshold. */
export const formsConfigSchema = z.object({
  enabled: field(z.boolean().default(false), { label: 'Enabled', help: 'Master switch; off, every public form route answers 404 and CMS pages show no form.' }),
  captcha: field(
    z
      .object({
        provider: field(z.enum(['none', 'turnstile', 'hcaptcha', 'recaptcha']).default('none'), {
          label: 'Captcha',
          help: 'Turnstile, hCaptcha or reCAPTCHA v3; verified server-side before a submission is validated.',
        }),
        siteKey: field(z.string().trim().max(200).default(''), { label: 'Site key', help: 'The public key the form loads the widget with.' }),
        secretKey: field(z.string().trim().max(200).default(''), { label: 'Secret key', help: 'Write-only: used to verify tokens with the provider.', secret: true }),
        failOpen: field(z.boolean().default(false), {
          label: 'Accept when the provider is unreachable',
          help: 'On: a submission is accepted when the captcha provider cannot be reached. Off: it is refused.',
        }),
        minScore: field(z.number().min(0).max(1).default(0.5), { label: 'reCAPTCHA v3 minimum score', help: 'Scores below this are refused (0 bot … 1 human).' }),
      })
      .prefault({}),
    { label: 'Captcha' },
  ),
  honeypot: field(z.boolean().default(true), { label: 'Honeypot', help: 'A hidden field bots fill; such submissions are logged as spam and never stored.' }),
  minFillSeconds: field(z.number().int().min(0).max(3600).default(3), { label: 'Minimum fill time (seconds)', help: 'Faster submissions are refused.' }),
  rateLimitPerHour: field(z.number().int().min(1).max(100_000).default(20), { label: 'Rate limit per IP per hour' }),
  rateLimitPerEmailPerHour: field(z.number().int().min(1).max(100_000).default(5), { label: 'Rate limit per email per hour' }),
  headlessApi: field(z.boolean().default(false), {
    label: 'Enable headless API',
    help: 'Opens GET /api/rest/v2/custom-forms/{code} and POST /api/rest/v2/custom-form-submissions to any client; the storefront may always use them.',
  }),
  retentionDays: field(z.number().int().min(1).max(36_500).default(365), { label: 'Keep submissions (days)', help: 'Older submissions are deleted every night.' }),
});
export type FormsConfig = z.infer<typeof formsConfigSchema>;
