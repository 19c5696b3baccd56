/**
 * The submission pipeline over HTTP (DECISIONS.md 18, 35, 36): each anti-spam step stops a
 * submission with nothing stored but a spam-log row, validation answers per field, a good
 * submission is stored once, emailed to the merchant through the outbox and announced once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import { AppError } from '../../../platform/errors.ts';
import { adminBase, fromVisitor, goodPayload, openFormsShop, quoteForm, type FormsShop } from './forms-shop.ts';

interface Page<T> {
  member: T[];
  totalItems: number;
}
type Answer = { status?: string; message?: string; error?: string; errors?: Record<string, string> };

describe.each(dialects)('Custom Forms submission pipeline (%s)', (dialect) => {
  let forms: FormsShop;
  let visitor = 0;
  /** A visitor address of its own per test, so the per-IP limit only counts where a test means it to. */
  const nextIp = () => `198.51.100.${++visitor}`;

  const submit = (body: Record<string, unknown>, ip = nextIp()) => forms.shop.send<Answer>('POST', '/api/rest/v2/custom-form-submissions', { json: body, headers: fromVisitor(ip) });
  const stored = async () => ((await forms.shop.get(`${adminBase}/forms/quote/submissions`, forms.admin)).body as Page<{ id: number; payload: Record<string, unknown> }>);
  const spam = async () => ((await forms.shop.get(`${adminBase}/spam?formCode=quote&itemsPerPage=100`, forms.admin)).body as Page<{ reason: string }>).member.map((entry) => entry.reason);

  beforeAll(async () => {
    forms = await openFormsShop(dialect);
    await forms.configure({ enabled: true, headlessApi: true, minFillSeconds: 3, rateLimitPerHour: 3, rateLimitPerEmailPerHour: 2 });
    expect((await forms.shop.send('POST', `${adminBase}/forms`, { json: quoteForm, headers: forms.admin })).status).toBe(201);
  });
  afterAll(async () => {
    // A captcha provider that cannot be reached is a server-side failure (503), logged on purpose.
    expect(forms.shop.loggedErrors.filter((error) => !(error instanceof AppError && error.code === 'captcha_unavailable'))).toEqual([]);
    await forms.close();
  });
  beforeEach(async () => {
    await forms.configure({ captcha: { provider: 'none', failOpen: false } });
  });

  it('stores a good submission, emails the merchant and announces it once', async () => {
    const before = (await stored()).totalItems;
    const answer = await submit({ formCode: 'quote', payload: { ...goodPayload(), extra: 'dropped' }, renderToken: await forms.token('quote'), hp: '' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ status: 'ok', message: 'Thanks, a quote is on its way.' });
    const list = await stored();
    expect(list.totalItems).toBe(before + 1);
    expect(list.member[0]!.payload).toEqual({ name: 'Ada', email: 'ada@example.com', qty: 12, topic: 'bulk', consent: true });
    const id = list.member[0]!.id;
    await expect.poll(() => forms.delivered.filter((delivered) => delivered === id).length, { timeout: 5000 }).toBe(1);
    const outbox = (await forms.shop.get('/api/rest/v2/admin/mail/outbox?kind=custom_form_submission&to=sales%40example.com', forms.admin)).body as Page<{ subject: string; text: string }>;
    const mail = outbox.member.find((sent) => sent.subject.includes(`#${id}`));
    expect(mail?.text).toContain('Quantity: 12');
    // A visitor's answers are never links in the merchant's mail client; an address alone stays searchable.
    expect(mail?.text).toContain('Email: ada@example.com');
  });

  it('answers a filled honeypot like a success, stores nothing and logs it as spam', async () => {
    const before = (await stored()).totalItems;
    const answer = await submit({ formCode: 'quote', payload: goodPayload('bot@example.com'), renderToken: await forms.token('quote'), hp: 'https://spam.example' });
    expect([answer.status, answer.body.status]).toEqual([201, 'ok']);
    expect((await stored()).totalItems).toBe(before);
    expect(await spam()).toContain('honeypot');
  });

  it('refuses a token too fresh, too old, forged or for another form, storing nothing', async () => {
    const before = (await stored()).totalItems;
    const cases: [string, string][] = [
      [await forms.token('quote', 0), 'too_fast'],
      [await forms.token('quote', 2 * 60 * 60 + 5), 'invalid_token'],
      [`${Math.floor(Date.now() / 1000) - 10}.${'A'.repeat(43)}`, 'invalid_token'],
      [await forms.token('contact'), 'invalid_token'],
      ['', 'invalid_token'],
    ];
    for (const [index, [renderToken, error]] of cases.entries()) {
      const answer = await submit({ formCode: 'quote', payload: goodPayload(`token-${index}@example.com`), renderToken });
      expect([answer.status, answer.body.error]).toEqual([400, error]);
    }
    expect((await stored()).totalItems).toBe(before);
    const reasons = await spam();
    expect(reasons).toContain('too_fast');
    expect(reasons.filter((reason) => reason === 'invalid_token').length).toBeGreaterThanOrEqual(4);
  });

  it('answers 422 with a message per field and stores nothing (not spam)', async () => {
    const before = (await stored()).totalItems;
    const spamBefore = (await spam()).length;
    const answer = await submit({ formCode: 'quote', payload: { name: '', email: 'ada@', qty: 'many', topic: 'other', consent: false }, renderToken: await forms.token('quote') });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'validation_failed', status: 'invalid' });
    expect(Object.keys(answer.body.errors!).sort()).toEqual(['consent', 'email', 'name', 'qty', 'topic']);
    expect((await stored()).totalItems).toBe(before);
    expect((await spam()).length).toBe(spamBefore);
  });

  it('limits submissions per visitor address and per email', async () => {
    const ip = nextIp();
    for (let n = 0; n < 3; n++) expect((await submit({ formCode: 'quote', payload: goodPayload(`ip-${n}@example.com`), renderToken: await forms.token('quote') }, ip)).status).toBe(201);
    const limited = await submit({ formCode: 'quote', payload: goodPayload('ip-4@example.com'), renderToken: await forms.token('quote') }, ip);
    expect([limited.status, limited.body.error]).toEqual([429, 'rate_limited']);
    expect(limited.headers.get('Retry-After')).toBe('3600');

    for (let n = 0; n < 2; n++) expect((await submit({ formCode: 'quote', payload: goodPayload('same@example.com'), renderToken: await forms.token('quote') })).status).toBe(201);
    const sameEmail = await submit({ formCode: 'quote', payload: goodPayload('SAME@example.com'), renderToken: await forms.token('quote') });
    expect(sameEmail.status).toBe(429);
    const reasons = await spam();
    expect(reasons).toContain('rate_limited_ip');
    expect(reasons).toContain('rate_limited_email');
  });

  it('verifies the captcha with the provider, once per token, and fails open or closed as configured', async () => {
    await forms.configure({ captcha: { provider: 'turnstile', siteKey: 'site-key', secretKey: 'turnstile-secret', failOpen: false } });
    const withCaptcha = async (captchaToken?: string) => submit({ formCode: 'quote', payload: goodPayload(`c-${visitor}@example.com`), renderToken: await forms.token('quote'), captchaToken });

    expect((await withCaptcha('good-1')).status).toBe(201);
    expect(forms.verifier.seen.at(-1)).toBe('/turnstile turnstile-secret good-1');
    const reused = await withCaptcha('good-1');
    expect([reused.status, reused.body.error]).toEqual([400, 'captcha_failed']);
    expect((await withCaptcha('bad')).body.error).toBe('captcha_failed');
    expect((await withCaptcha(undefined)).body.error).toBe('captcha_failed');
    const closed = await withCaptcha('down');
    expect([closed.status, closed.body.error]).toEqual([503, 'captcha_unavailable']);

    await forms.configure({ captcha: { failOpen: true } });
    expect((await withCaptcha('down-2')).status).toBe(201);

    await forms.configure({ captcha: { provider: 'recaptcha', minScore: 0.5, failOpen: false } });
    expect((await withCaptcha('low')).body.error).toBe('captcha_failed');
    expect((await withCaptcha('good-2')).status).toBe(201);
    expect(forms.verifier.seen.at(-1)).toMatch(/^\/recaptcha /);
    const reasons = await spam();
    expect(reasons).toContain('captcha_failed');
    expect(reasons).toContain('captcha_unavailable');
  });
});
