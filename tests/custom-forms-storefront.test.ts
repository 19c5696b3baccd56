/**
 * Custom Forms on the storefront over real HTTP, against the real backend module and the demo's
 * `contact` form in the `customer-service` CMS page: the form rendered in its marker, fresh render
 * tokens on every response of the cached page, the no-JS post answering 303 back with the outcome
 * inline (and the visitor's input kept), the script's JSON post to the same route, the headless
 * route through the proxy and, with the headless API off, that route closed to visitors while the
 * page's form still works (DECISIONS.md 51), and a directive whose form is switched off rendering
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/outbox.ts';
import { startShop, type TestShop } from './support/shop.ts';

let shop: TestShop;
let admin: string;

interface FormSchema {
  code: string;
  fields: { key: string; type: string; required: boolean; options?: { value: string }[] }[];
  honeypotField: string;
}
let contact: FormSchema;

const PAGE = '/customer-service';
const request = (path: string, init: RequestInit = {}) => fetch(`${shop.storefront.url}${path}`, { redirect: 'manual', ...init });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminCall(path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${shop.backend.url}/api/rest/v2/admin/custom-forms${path}`, {
    method,
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A value each field of the demo form accepts. */
function goodValues(email = 'ada@example.com'): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of contact.fields) {
    if (field.type === 'email') values[field.key] = email;
    else if (field.type === 'select' || field.type === 'radio') values[field.key] = field.options![0]!.value;
    else if (field.type === 'checkbox') values[field.key] = 'on';
    else if (field.type === 'number') values[field.key] = '3';
    else if (field.type === 'hidden') continue;
    else values[field.key] = `Hello from ${field.key}`;
  }
  return values;
}

function renderToken(html: string): string {
  const match = /name="render_token" value="([^"]*)"/.exec(html) ?? /value="([^"]*)"[^>]*name="render_token"/.exec(html);
  return match?.[1] ?? '';
}

async function postForm(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return request('/customforms/form/submit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0]!;

async function submissionCount(): Promise<number> {
  const response = await adminCall('/forms/contact/submissions', 'GET');
  expect(response.status).toBe(200);
  return ((await response.json()) as { totalItems: number }).totalItems;
}

beforeAll(async () => {
  shop = await startShop();
  admin = await adminToken(shop);
  // One second of minimum fill time keeps the test quick; the rule itself is the backend's to test.
  expect((await adminCall('/config', 'PUT', { enabled: true, headlessApi: true, minFillSeconds: 1 })).status).toBe(200);
  expect((await shop.manage('/sync')).status).toBe(200);
  contact = (await (await request('/api/custom-forms/contact')).json()) as FormSchema;
});
afterAll(async () => {
  await shop?.stop();
});

describe('a form in a CMS page', () => {
  it('renders in its marker with labelled fields and a honeypot people never meet', async () => {
    const response = await request(PAGE);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-shop-form="contact"');
    expect(html).not.toContain('{{block');
    for (const field of contact.fields.filter((field) => field.type !== 'hidden')) expect(html).toContain(`name="${field.key}"`);
    const honeypot = new RegExp(`<input[^>]*name="${contact.honeypotField}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot).toContain('autocomplete="off"');
    expect(html).toMatch(/class="shop-form__hp" aria-hidden="true"/);
  });

  it('gets a fresh render token on every response while the page stays cached', async () => {
    const first = await request(PAGE);
    const firstToken = renderToken(await first.text());
    await sleep(1100);
    const second = await request(PAGE);
    expect(second.headers.get('X-Cache')).toBe('HIT');
    const secondToken = renderToken(await second.text());
    expect(firstToken).toMatch(/^\d+\.[\w-]{43}$/);
    expect(secondToken).toMatch(/^\d+\.[\w-]{43}$/);
    expect(Number(secondToken.split('.')[0])).toBeGreaterThan(Number(firstToken.split('.')[0]));
    // No 304 for a page whose body changes per response: the browser's copy would keep an old token.
    expect(second.headers.get('ETag')).toBeNull();
    expect(second.headers.get('X-Shop-Per-Response')).toBeNull();
  });
});

describe('posting without JavaScript', () => {
  it('saves a good submission and shows the success message once, uncached', async () => {
    const before = await submissionCount();
    const token = renderToken(await (await request(PAGE)).text());
    await sleep(1100);
    const posted = await postForm({ form_code: 'contact', render_token: token, return_to: PAGE, ...goodValues() });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('Location')).toBe(PAGE);
    expect(await submissionCount()).toBe(before + 1);

    const shown = await request(PAGE, { headers: { Cookie: cookieOf(posted) } });
    expect(shown.headers.get('X-Cache')).toBe('BYPASS');
    expect(shown.headers.get('Cache-Control')).toContain('no-store');
    expect(shown.headers.get('Set-Cookie')).toMatch(/shop_form_flash=; Path=\/customer-service; Max-Age=0/);
    const html = await shown.text();
    expect(html).toContain('data-form-success');
    expect(html).not.toContain('name="render_token"');
  });

  it('shows field errors inline with what the visitor typed, and stores nothing', async () => {
    const before = await submissionCount();
    const token = renderToken(await (await request(PAGE)).text());
    await sleep(1100);
    const emailField = contact.fields.find((field) => field.type === 'email')!;
    const values = { ...goodValues(), [emailField.key]: 'not-an-email' };
    const posted = await postForm({ form_code: 'contact', render_token: token, return_to: PAGE, ...values });
    expect(posted.status).toBe(303);
    const html = await (await request(PAGE, { headers: { Cookie: cookieOf(posted) } })).text();
    expect(html).toMatch(new RegExp(`<input[^>]*name="${emailField.key}"[^>]*value="not-an-email"[^>]*aria-invalid="true"`));
    expect(html).toMatch(new RegExp(`id="form-contact-${emailField.key}-error"[^>]*>[^<]+<`));
    expect(await submissionCount()).toBe(before);
  });

  it('says a post was too fast, and never sends anyone off-site', async () => {
    // An hour's minimum fill time: "too fast" however slow this machine is today.
    expect((await adminCall('/config', 'PUT', { minFillSeconds: 3600 })).status).toBe(200);
    const token = renderToken(await (await request(PAGE)).text());
    const posted = await postForm({ form_code: 'contact', render_token: token, return_to: 'https://evil.example/', ...goodValues() }, { Referer: `${shop.storefront.url}${PAGE}` });
    expect((await adminCall('/config', 'PUT', { minFillSeconds: 1 })).status).toBe(200);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('Location')).toBe(PAGE);
    const html = await (await request(PAGE, { headers: { Cookie: cookieOf(posted) } })).text();
    expect(html).toMatch(/role="alert" data-form-error[^>]*>[^<]+</);
  });

  it('answers an unknown form with a plain 303 home', async () => {
    const posted = await postForm({ form_code: 'no-such-form', return_to: '//evil.example' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('Location')).toBe('/');
    expect(posted.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('the headless route through the proxy', () => {
  it('takes a JSON submission with the page token', async () => {
    const before = await submissionCount();
    const token = renderToken(await (await request(PAGE)).text());
    await sleep(1100);
    const payload: Record<string, string | boolean> = goodValues();
    for (const field of contact.fields) if (field.type === 'checkbox') payload[field.key] = true;
    const response = await request('/api/custom-form-submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ formCode: 'contact', payload, renderToken: token, hp: '' }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await submissionCount()).toBe(before + 1);
  });
});

/** What the enhancement script sends: the form's fields to the page's own route, asking for JSON. */
async function postAsScript(fields: Record<string, string>): Promise<Response> {
  return postForm(fields, { Accept: 'application/json' });
}

describe('posting with JavaScript', () => {
  it('answers the backend outcome as JSON: errors per field, then success, stored once', async () => {
    const before = await submissionCount();
    const token = renderToken(await (await request(PAGE)).text());
    await sleep(1100);
    const emailField = contact.fields.find((field) => field.type === 'email')!;
    const invalid = await postAsScript({ form_code: 'contact', render_token: token, ...goodValues(), [emailField.key]: 'not-an-email' });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('Content-Type')).toContain('application/json');
    expect(await invalid.json()).toMatchObject({ error: 'validation_failed', errors: { [emailField.key]: expect.any(String) } });
    const sent = await postAsScript({ form_code: 'contact', render_token: token, ...goodValues('script@example.com') });
    expect([sent.status, await sent.json()]).toEqual([201, expect.objectContaining({ status: 'ok' })]);
    expect(await submissionCount()).toBe(before + 1);
  });

  it('answers an unknown form 404 and an unreadable body 400, in JSON', async () => {
    const unknown = await postAsScript({ form_code: 'no-such-form' });
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).toEqual([404, 'form_not_found']);
    const garbage = await request('/customforms/form/submit', { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{}' });
    expect([garbage.status, ((await garbage.json()) as { error: string }).error]).toEqual([400, 'invalid_body']);
  });
});

describe('the headless API switched off', () => {
  beforeAll(async () => {
    expect((await adminCall('/config', 'PUT', { headlessApi: false })).status).toBe(200);
  });
  afterAll(async () => {
    expect((await adminCall('/config', 'PUT', { headlessApi: true })).status).toBe(200);
  });

  it('answers 404 on both headless routes through the storefront, whoever asks', async () => {
    const token = renderToken(await (await request(PAGE)).text());
    expect((await request('/api/custom-forms/contact')).status).toBe(404);
    const posted = await request('/api/custom-form-submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ formCode: 'contact', payload: goodValues(), renderToken: token, hp: '' }),
    });
    expect(posted.status).toBe(404);
  });

  it("still renders the page's form after a sync, and takes its posts with and without JavaScript", async () => {
    expect((await shop.manage('/sync/cms-pages')).status).toBe(200);
    const before = await submissionCount();
    const token = renderToken(await (await request(PAGE)).text());
    expect(token).not.toBe('');
    await sleep(1100);
    expect((await postAsScript({ form_code: 'contact', render_token: token, ...goodValues('closed-api@example.com') })).status).toBe(201);
    const plain = await postForm({ form_code: 'contact', render_token: token, return_to: PAGE, ...goodValues('closed-api-nojs@example.com') });
    expect([plain.status, plain.headers.get('Location')]).toEqual([303, PAGE]);
    expect(await (await request(PAGE, { headers: { Cookie: cookieOf(plain) } })).text()).toContain('data-form-success');
    expect(await submissionCount()).toBe(before + 2);
  });
});

describe('a form switched off', () => {
  it('leaves its directive rendering nothing after the next sync', async () => {
    expect((await adminCall('/config', 'PUT', { enabled: false })).status).toBe(200);
    expect((await shop.manage('/sync/cms-pages')).status).toBe(200);
    const html = await (await request(PAGE)).text();
    expect(html).not.toContain('data-shop-form');
    expect(html).not.toContain('{{block');
    expect((await adminCall('/config', 'PUT', { enabled: true })).status).toBe(200);
  });
});
