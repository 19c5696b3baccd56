import type { FormsConfig } from './config.ts';

/** `GET /api/rest/v2/b2b/forms/config` (DECISIONS.md 44): nothing secret, nothing admin-only. */
export function discoveryAnswer(config: FormsConfig) {
  return {
    enabled: config.enabled,
    headlessApi: config.headlessApi,
    honeypot: config.honeypot,
    minFillSeconds: config.minFillSeconds,
    captcha: config.captcha.provider === 'none' ? null : { provider: config.captcha.provider, siteKey: config.captcha.siteKey },
  };
}
