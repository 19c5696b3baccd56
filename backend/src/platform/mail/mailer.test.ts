import { describe, expect, it } from 'vitest';
import { mailSettingsFromEnv, parseEnv, EnvError } from '../../env.ts';
import { backoffMs } from './worker.ts';
import { createMailer, parseSender } from './mailer.ts';

describe('mail settings', () => {
  it('reads SMTP_URL, MAIL_FROM, storefront origins and delivery timing from the environment', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Shop Team <team@shop.example>',
      STOREFRONT_URL: 'https://shop.example/',
      STOREFRONT_URLS: '{"au": "https://au.shop.example"}',
      MAIL_MAX_ATTEMPTS: '4',
      MAIL_RETRY_MS: '1000',
    });
    expect(mailSettingsFromEnv(env)).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Shop Team <team@shop.example>',
      storefrontUrl: 'https://shop.example/',
      storefrontUrls: { au: 'https://au.shop.example' },
      delivery: { maxAttempts: 4, retryBaseMs: 1000 },
    });
  });

  it('names each bad mail variable', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => parseEnv({ MAIL_FROM: 'Shop Team' })).toThrow(EnvError);
    expect(() => parseEnv({ STOREFRONT_URLS: '{"au": "not a url"}' })).toThrow(/STOREFRONT_URLS/);
    expect(() => parseEnv({ STOREFRONT_URLS: 'au=https://au.example' })).toThrow(/STOREFRONT_URLS/);
  });

  it('parses senders with and without a name', () => {
    expect(parseSender('"Northfield, Ltd." <hello@northfield.example>')).toEqual({ name: 'Northfield, Ltd.', address: 'hello@northfield.example' });
    expect(parseSender('hello@northfield.example')).toEqual({ address: 'hello@northfield.example' });
    expect(() => parseSender('nobody')).toThrow(/no email address/);
  });

  it("builds links on the store view's origin, the default store's otherwise", () => {
    const mailer = createMailer({ storefrontUrl: 'https://shop.example/ignored/path', storefrontUrls: { au: 'https://au.shop.example' } });
    expect(mailer.storefrontUrl('/account/set-password?token=abc', 'au')).toBe('https://au.shop.example/account/set-password?token=abc');
    expect(mailer.storefrontUrl('/account', 'default')).toBe('https://shop.example/account');
    expect(mailer.storefrontUrl('/')).toBe('https://shop.example/');
    expect(createMailer().storefrontUrl('/account')).toBe('http://127.0.0.1:8787/account');
    expect(createMailer().delivers).toBe(false);
    expect(createMailer({ smtpUrl: 'smtp://127.0.0.1:2525' }).delivers).toBe(true);
  });

  it('waits twice as long after each refusal, up to the maximum', () => {
    const options = { retryBaseMs: 60_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => backoffMs(attempts, options))).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});
