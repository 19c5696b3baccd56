/**
 * The module's other routes over HTTP: the public schema and its gates (module off, headless API off
 * except to the storefront, inactive form), discovery, the admin forms API with hostile input,
 * submissions search, CSV export and delete, and the no-JS post's 303.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFormSchema } from '../../../../../contracts/custom-form.ts';
import { verifyRenderToken } from '../../../../../contracts/render-token.ts';
import { dialects } from '../../../../test/helpers/test-shop.ts';
import type { FormsContext } from '../submissions/pipeline.ts';
import { purgeOldSubmissions } from '../submissions/service.ts';
import { customFormSubmissions } from '../tables.ts';
import { adminBase, fromStorefront, fromVisitor, goodPayload, openFormsShop, quoteForm, secret, type FormsShop } from './forms-shop.ts';

type Answer = { error?: string; details?: unknown; totalItems?: number; member?: { id: number }[] };

describe.each(dialects)('Custom Forms API (%s)', (dialect) => {
  let forms: FormsShop;
  const admin = (method: string, path: string, json?: unknown) => forms.shop.send<Answer>(method, `${adminBase}${path}`, { json, headers: forms.admin });

  beforeAll(async () => {
    forms = await openFormsShop(dialect);
    await forms.configure({ enabled: true, headlessApi: true, minFillSeconds: 0 });
    expect((await admin('POST', '/forms', quoteForm)).status).toBe(201);
  });
  afterAll(async () => {
    expect(forms.shop.loggedErrors).toEqual([]);
    await forms.close();
  });

  it('answers the public schema with a fresh token, the honeypot name and no captcha', async () => {
    const answer = await forms.shop.get('/api/rest/v2/custom-forms/quote');
    expect(answer.status).toBe(200);
    const form = publicFormSchema.strict().parse(answer.body);
    expect(form).toMatchObject({ code: 'quote', honeypotField: 'website', captcha: null });
    expect(await verifyRenderToken(secret, 'quote', form.renderToken)).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect((await forms.shop.get('/api/rest/v2/b2b/forms/config')).body).toEqual({ enabled: true, headlessApi: true, honeypot: true, minFillSeconds: 0, captcha: null });
  });

  it("keeps the headless API for the storefront's own calls when it is off, not for visitors it forwards, and everything closed when the module is", async () => {
    await forms.configure({ headlessApi: false });
    expect((await forms.shop.get('/api/rest/v2/custom-forms/quote')).status).toBe(404);
    // A visitor's signed IP (every request through the storefront's /api proxy) proves no more than the IP (DECISIONS.md 51).
    expect((await forms.shop.get('/api/rest/v2/custom-forms/quote', fromVisitor('203.0.113.5'))).status).toBe(404);
    const visitorPost = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', { json: { formCode: 'quote', payload: goodPayload(), renderToken: await forms.token('quote') }, headers: fromVisitor('203.0.113.5') });
    expect(visitorPost.status).toBe(404);
    expect((await forms.shop.get('/api/rest/v2/custom-forms/quote', fromStorefront())).status).toBe(200);
    // A post the storefront forwards reaches the pipeline (422: an empty payload, so nothing is stored).
    const forwarded = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', {
      json: { formCode: 'quote', payload: {}, renderToken: await forms.token('quote') },
      headers: { ...fromVisitor('203.0.113.6'), ...fromStorefront() },
    });
    expect(forwarded.body).toMatchObject({ error: 'validation_failed' });
    await forms.configure({ headlessApi: true });
    expect((await forms.shop.get('/api/rest/v2/custom-forms/quote', fromVisitor('203.0.113.5'))).status).toBe(200);
    await forms.configure({ headlessApi: false });
    await forms.configure({ enabled: false, headlessApi: true });
    expect((await forms.shop.get('/api/rest/v2/custom-forms/quote', fromStorefront())).status).toBe(404);
    const post = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', { json: { formCode: 'quote', payload: {}, renderToken: '' } });
    expect(post.status).toBe(404);
    expect((await forms.shop.send('POST', '/customforms/form/submit', { form: { form_code: 'quote' } })).status).toBe(404);
    expect((await forms.shop.get('/api/rest/v2/b2b/forms/config')).body).toMatchObject({ enabled: false });
    await forms.configure({ enabled: true });
    expect((await forms.shop.get('/api/rest/v2/custom-forms/nope')).status).toBe(404);
    expect((await forms.shop.get('/api/rest/v2/custom-forms/..%2Fadmin')).status).toBe(400);
  });

  it('refuses hostile forms with the field named, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...quoteForm, code: 'Bad Code' }, 'code'],
      [{ ...quoteForm, code: 'dupe', fields: [quoteForm.fields[0], quoteForm.fields[0]] }, 'fields.1.key'],
      [{ ...quoteForm, code: 'noopts', fields: [{ key: 'pick', label: 'Pick', type: 'select', required: true }] }, 'fields.0.options'],
      [{ ...quoteForm, code: 'badtype', fields: [{ key: 'x', label: 'X', type: 'script' }] }, 'fields.0.type'],
      [{ ...quoteForm, code: 'mail', notifyEmails: ['not an email'] }, 'notifyEmails.0'],
      [{ ...quoteForm, code: 'nofields', fields: [] }, 'fields'],
    ];
    for (const [body, field] of cases) {
      const answer = await admin('POST', '/forms', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body.details)).toContain(`"field":"${field}"`);
    }
    expect((await admin('POST', '/forms', quoteForm)).status).toBe(409);
    expect((await admin('PUT', '/forms/quote', { ...quoteForm, code: 'other' })).status).toBe(400);
    expect((await admin('GET', '/forms?itemsPerPage=100')).body.totalItems).toBe(1);
  });

  it('lists, searches, exports and deletes submissions', async () => {
    const visitors: [string, string][] = [['=HYPERLINK("x")', 'one@example.com'], ['Grace', 'two@example.com']];
    for (const [name, email] of visitors) {
      const saved = await forms.shop.send('POST', '/api/rest/v2/custom-form-submissions', {
        json: { formCode: 'quote', payload: { ...goodPayload(email), name }, renderToken: await forms.token('quote') },
        headers: fromVisitor(`203.0.113.${name.length}`),
      });
      expect(saved.status).toBe(201);
    }
    const all = await admin('GET', '/forms/quote/submissions');
    expect(all.body.totalItems).toBe(2);
    expect((await admin('GET', '/forms/quote/submissions?search=grace')).body.totalItems).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin('GET', `/forms/quote/submissions?from=${today}&to=${today}`)).body.totalItems).toBe(2);
    expect((await admin('GET', '/forms/quote/submissions?from=2001-01-01&to=2001-01-02')).body.totalItems).toBe(0);
    expect((await admin('GET', '/forms/quote/submissions?from=yesterday')).status).toBe(400);

    const csv = await forms.shop.app.request(`${adminBase}/forms/quote/submissions?format=csv`, { headers: forms.admin });
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('Submission,Date (UTC),Store,Name,Email,Quantity,Topic,Consent\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain(',Grace,two@example.com,12,bulk,yes\r\n');

    const id = all.body.member![0]!.id;
    expect((await admin('DELETE', `/forms/quote/submissions/${id}`)).status).toBe(204);
    expect((await admin('DELETE', `/forms/quote/submissions/${id}`)).status).toBe(404);
    expect((await admin('GET', '/forms/quote/submissions')).body.totalItems).toBe(1);
  });

  it('answers a post without JavaScript with a 303 back, the outcome in the query, never off-site', async () => {
    const form = { form_code: 'quote', render_token: await forms.token('quote'), return_to: '/customer-service', name: 'Ada', email: 'nope', topic: 'bulk', consent: 'on' };
    const invalid = await forms.shop.send('POST', '/customforms/form/submit', { form, headers: fromVisitor('203.0.113.50') });
    expect(invalid.status).toBe(303);
    expect(invalid.headers.get('Location')).toBe('/customer-service?form=quote&form_status=invalid');
    const sent = await forms.shop.send('POST', '/customforms/form/submit', { form: { ...form, email: 'ada@example.com', return_to: '//evil.example/x' }, headers: fromVisitor('203.0.113.51') });
    expect(sent.headers.get('Location')).toBe('/?form=quote&form_status=sent');
  });

  it('forgets submissions older than the retention, keeping the recent ones', async () => {
    await forms.configure({ retentionDays: 30 });
    const ctx = forms.shop.modules.context('custom-forms', {}) as FormsContext;
    const old = new Date(Date.now() - 31 * 86_400_000);
    await ctx.db.insert(customFormSubmissions).values({ formCode: 'quote', storeCode: 'default', payload: { name: 'Old' }, searchText: 'old', clientIp: 'x', createdAt: old });
    const before = (await admin('GET', '/forms/quote/submissions')).body.totalItems!;
    expect(await purgeOldSubmissions(ctx)).toBe(1);
    expect((await admin('GET', '/forms/quote/submissions')).body.totalItems).toBe(before - 1);
    expect((await admin('GET', '/forms/quote/submissions?search=old')).body.totalItems).toBe(0);
  });

  it('needs an admin token', async () => {
    expect((await forms.shop.get(`${adminBase}/forms`)).status).toBe(401);
    expect((await forms.shop.get(`${adminBase}/spam`)).status).toBe(401);
  });
});
