import { describe, expect, it } from 'vitest';
import { configDiff, maskedSecret } from './config-diff.ts';

describe('configDiff', () => {
  it('lists changed leaves by dotted path and leaves equal ones out', () => {
    const before = { enabled: false, captcha: { provider: 'none', siteKey: '' }, notifyEmails: ['a@example.com'], minFillSeconds: 3 };
    const after = { enabled: true, captcha: { provider: 'turnstile', siteKey: 'site' }, notifyEmails: ['a@example.com'], minFillSeconds: 3 };
    expect(configDiff(before, after)).toEqual({
      enabled: { from: false, to: true },
      'captcha.provider': { from: 'none', to: 'turnstile' },
      'captcha.siteKey': { from: '', to: 'site' },
    });
  });

  it('treats arrays as one value and absent keys as null', () => {
    expect(configDiff({ emails: ['a@example.com'] }, { emails: ['a@example.com', 'b@example.com'], sender: { name: 'Shop' } })).toEqual({
      emails: { from: ['a@example.com'], to: ['a@example.com', 'b@example.com'] },
      'sender.name': { from: null, to: 'Shop' },
    });
    expect(configDiff({ removed: 1 }, {})).toEqual({ removed: { from: 1, to: null } });
  });

  it('masks secrets, also whole objects marked secret, and never holds their values', () => {
    const diff = configDiff(
      { captcha: { secretKey: 'old-secret' }, smtp: { password: '' }, keys: { a: 'x' } },
      { captcha: { secretKey: 'new-secret' }, smtp: { password: 'p4ss' }, keys: { a: 'y' } },
      ['captcha.secretKey', 'smtp.password', 'keys'],
    );
    expect(diff).toEqual({
      'captcha.secretKey': { from: maskedSecret, to: maskedSecret },
      'smtp.password': { from: '', to: maskedSecret },
      keys: { from: maskedSecret, to: maskedSecret },
    });
    expect(JSON.stringify(diff)).not.toMatch(/old-secret|new-secret|p4ss/);
  });

  it('says nothing about an unchanged secret, and shows a cleared one as cleared', () => {
    expect(configDiff({ secret: 's1' }, { secret: 's1' }, ['secret'])).toEqual({});
    expect(configDiff({ secret: 's1' }, { secret: null }, ['secret'])).toEqual({ secret: { from: maskedSecret, to: null } });
  });
});
