/**
 * What a page needs for a form's captcha (Custom Forms `captcha.provider`): the provider's script,
 * loaded only on pages holding such a form, and exactly its origins in that page's CSP. Turnstile
 * and hCaptcha render a widget from a `data-sitekey` element and put their token in the form
 * (`cf-turnstile-response`, `h-captcha-response`); reCAPTCHA v3 has no widget, the enhancement
 * script asks it for a token on submit. All three need JavaScript: a captcha form posted without it
 * is refused by the backend as unverified (the page says so).
 */
import type { PolicyAdditions } from '../http/standard-headers.ts';

export type CaptchaProvider = 'turnstile' | 'hcaptcha' | 'recaptcha';

interface ProviderAssets {
  script: (siteKey: string) => string;
  /** The class the provider's script renders its widget into (none for reCAPTCHA v3). */
  widgetClass: string | null;
  policy: PolicyAdditions;
}

const PROVIDERS: Record<CaptchaProvider, ProviderAssets> = {
  turnstile: {
    script: () => 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    widgetClass: 'cf-turnstile',
    policy: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'] },
  },
  hcaptcha: {
    script: () => 'https://js.hcaptcha.com/1/api.js',
    widgetClass: 'h-captcha',
    policy: {
      script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      style: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  },
  recaptcha: {
    script: (siteKey) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`,
    widgetClass: null,
    policy: {
      script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    },
  },
};

export function captchaAssets(provider: CaptchaProvider): ProviderAssets {
  return PROVIDERS[provider];
}

/** The CSP additions of the captcha providers a page's forms use (each origin once). */
export function captchaPolicy(providers: readonly CaptchaProvider[]): PolicyAdditions {
  const merged: Record<keyof PolicyAdditions, Set<string>> = { script: new Set(), frame: new Set(), connect: new Set(), style: new Set() };
  for (const provider of new Set(providers)) {
    for (const [directive, origins] of Object.entries(PROVIDERS[provider].policy) as [keyof PolicyAdditions, readonly string[]][]) {
      for (const origin of origins) merged[directive].add(origin);
    }
  }
  return { script: [...merged.script], frame: [...merged.frame], connect: [...merged.connect], style: [...merged.style] };
}
