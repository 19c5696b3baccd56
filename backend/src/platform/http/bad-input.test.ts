import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../test/helpers/contract.ts';
import { dialects, openTestShop, type TestShop } from '../../../test/helpers/test-shop.ts';

describe.each(dialects)('bad input answers JSON, never 500 (%s)', (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(dialect);
  });
  afterAll(async () => {
    expect(shop.loggedErrors).toEqual([]);
    await shop.close();
  });

  it.each([
    ['/api/rest/v2/products?page=0', 'page'],
    ['/api/rest/v2/products?page=-1', 'page'],
    ['/api/rest/v2/products?page=abc', 'page'],
    ['/api/rest/v2/products?page=', 'page'],
    ['/api/rest/v2/products?itemsPerPage=1000', 'itemsPerPage'],
    ['/api/rest/v2/products?itemsPerPage=0', 'itemsPerPage'],
    ['/api/rest/v2/products?categoryId=abc', 'categoryId'],
    ['/api/rest/v2/products?categoryId=99999999999', 'categoryId'],
    ['/api/rest/v2/products?updatedSince=yesterday', 'updatedSince'],
    ['/api/rest/v2/products?updatedSince=2026-02-30%2000:00:00', 'updatedSince'],
    ['/api/rest/v2/cms-pages?itemsPerPage=1000', 'itemsPerPage'],
    ['/api/rest/v2/blog-posts?page=0', 'page'],
  ])('%s → 400 naming %s', async (path, field) => {
    const { status, body } = await shop.get(path);
    expect(status).toBe(400);
    const error = ErrorBody.parse(body);
    expect(error.error).toBe('invalid_request');
    expect(error.message).toContain(field);
    expect(error.details).toEqual([expect.objectContaining({ location: 'query', field })]);
  });

  it('names every invalid field at once', async () => {
    const { body } = await shop.get('/api/rest/v2/products?page=0&itemsPerPage=1000');
    const fields = (ErrorBody.parse(body).details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['itemsPerPage', 'page']);
  });

  it('answers unknown routes with JSON 404', async () => {
    for (const path of ['/api/rest/v2/nope', '/nope', '/api/rest/v2/products/1/extra']) {
      const { status, body } = await shop.get(path);
      expect(status, path).toBe(404);
      expect(ErrorBody.parse(body).error).toBe('not_found');
    }
  });

  describe('input hygiene (DECISIONS.md 56)', () => {
    const refusedField = (body: unknown) => (ErrorBody.parse(body).details as { location: string; field: string }[])[0];

    it.each([
      ['NUL', 'a\u0000b'],
      ['an escape', '\u001b[31m'],
      ['a backspace', 'a\bb'],
    ])('refuses %s in a JSON field, naming it', async (_, value) => {
      const { status, body } = await shop.send('POST', '/api/rest/v2/customers', { json: { email: 'new@example.com', password: 'Secret#2026', firstName: value, lastName: 'X' } });
      expect(status).toBe(400);
      expect(ErrorBody.parse(body).message).toContain('firstName');
      expect(refusedField(body)).toEqual({ location: 'json', field: 'firstName', message: expect.stringContaining('control characters') });
    });

    it('names a nested field and a key, and accepts tab, newline and carriage return', async () => {
      const nested = await shop.send('POST', '/api/rest/v2/orders/lookup', { json: { reference: 'x', email: 'a@example.com', extra: [{ note: '\u0000' }] } });
      expect(nested.status).toBe(400);
      expect(refusedField(nested.body)).toMatchObject({ location: 'json', field: 'extra.0.note' });
      const key = await shop.send('POST', '/api/rest/v2/orders/lookup', { json: { 'a\u0000': 1 } });
      expect(refusedField(key.body)).toMatchObject({ field: 'a\uFFFD' });
      const whitespace = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: 'shopper@example.com', password: 'wrong\t\r\npassword' } });
      expect(whitespace.status).toBe(401);
    });

    it('refuses control characters in the query, the path and a form', async () => {
      const query = await shop.get('/api/rest/v2/products?store=%00');
      expect(query.status).toBe(400);
      expect(refusedField(query.body)).toMatchObject({ location: 'query', field: 'store' });
      const path = await shop.get('/api/rest/v2/products/1%00');
      expect(path.status).toBe(400);
      expect(refusedField(path.body)).toMatchObject({ location: 'path' });
      const form = await shop.send('POST', '/api/rest/v2/auth/token', { form: { grant_type: 'password', username: 'a\u0000@example.com', password: 'x' } });
      expect(form.status).toBe(400);
      expect(refusedField(form.body)).toMatchObject({ location: 'form', field: 'username' });
      // The admin's HTML forms read their bodies without a schema: the same guard covers them.
      const adminForm = await shop.send('POST', '/admin/login', { form: { email: 'a@example.com', password: 'p\u0000', _csrf: 'x' } });
      expect(adminForm.status).toBe(400);
      expect(refusedField(adminForm.body)).toMatchObject({ location: 'form', field: 'password' });
    });

    /** Posts raw JSON text and expects each body refused with `message` at its field, and `accepted` read past the guard. */
    async function expectJsonRefusals(message: string, refused: Array<[body: string, field: string]>, accepted: string) {
      const json = (body: string) => shop.app.request('/api/rest/v2/orders/lookup', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      for (const [body, field] of refused) {
        const response = await json(body);
        expect(response.status, body).toBe(400);
        expect(refusedField(await response.json()), body).toEqual({ location: 'json', field, message });
      }
      expect(refusedField(await (await json(accepted)).json()), accepted).not.toMatchObject({ message });
    }

    it('refuses an unpaired surrogate in a JSON value or key, naming it, and takes a pair (an emoji)', async () => {
      await expectJsonRefusals(
        'Must be valid Unicode text (it holds an unpaired surrogate).',
        [
          ['{"reference":"x","email":"a@example.com","extra":{"tags":["\\ud800"]}}', 'extra.tags.0'],
          ['{"reference":"\\uDC00x"}', 'reference'],
          ['{"a\\ud83d":1}', 'a\ud83d'],
        ],
        '{"reference":"\\ud83d\\ude00","email":"a@example.com"}',
      );
    });

    it('refuses a key named __proto__ in JSON (spelled out or escaped), a form and a query, naming where it stands', async () => {
      await expectJsonRefusals(
        'No key may be named __proto__.',
        [
          ['{"reference":"x","extra":{"__proto__":{"admin":true}}}', 'extra.__proto__'],
          ['{"\\u005f_proto__":1}', '__proto__'],
          ['{"storeOverrides":{"au":{"price":1},"\\u005F\\u005Fproto__":{"price":5}}}', 'storeOverrides.__proto__'],
        ],
        // Only looks like it: an escape, and the name in a value.
        '{"reference":"\\u00e9 __proto__","email":"a@example.com"}',
      );
      const form = await shop.send('POST', '/admin/login', { form: { email: 'a@example.com', password: 'p', 'storePrice.__proto__': '5', _csrf: 'x' } });
      expect(form.status).toBe(400);
      expect(refusedField(form.body)).toMatchObject({ location: 'form', field: 'storePrice.__proto__' });
      const query = await shop.get('/api/rest/v2/products?filter[__proto__]=1');
      expect(query.status).toBe(400);
      expect(refusedField(query.body)).toMatchObject({ location: 'query', field: 'filter[__proto__]' });
    });

    it('answers 413 to a JSON body over 1 MiB, announced or streamed, before parsing it', async () => {
      const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
      const announced = await shop.send('POST', '/api/rest/v2/auth/login', { json: JSON.parse(big) });
      expect(announced.status).toBe(413);
      expect(ErrorBody.parse(announced.body).error).toBe('payload_too_large');
      // No Content-Length: the limit is counted while reading.
      const stream = new Blob([big]).stream();
      const streamed = await shop.app.request('/api/rest/v2/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
      expect(streamed.status).toBe(413);
      const justUnder = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: 'a@example.com', password: 'x'.repeat(1000 * 1000) } });
      expect(justUnder.status).toBe(400); // The password's own cap, not the body limit.
    });

    it('refuses JSON nested deeper than 64 levels with a 400, however deep', async () => {
      const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
      for (const depth of [65, 20_000, 400_000]) {
        const response = await shop.app.request('/api/rest/v2/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: nest(depth) });
        expect(response.status, `depth ${depth}`).toBe(400);
        expect(ErrorBody.parse(await response.json()).message).toContain('64 levels');
      }
      const response = await shop.app.request('/api/rest/v2/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":${nest(63)}}` });
      expect(response.status).toBe(400);
      expect(ErrorBody.parse(await response.json()).message).not.toContain('64 levels');
    });

    it.each([
      ['username', { grant_type: 'password', username: `${'a'.repeat(250)}@example.com`, password: 'x' }],
      ['password', { grant_type: 'password', username: 'a@example.com', password: 'x'.repeat(129) }],
    ])('caps the token endpoint\'s %s', async (field, form) => {
      const { status, body } = await shop.send('POST', '/api/rest/v2/auth/token', { form });
      expect(status).toBe(400);
      expect(ErrorBody.parse(body).message).toContain(field);
    });

    it('caps the login\'s email at 254 and password at 128 characters', async () => {
      const long = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: `${'a'.repeat(245)}@example.com`, password: 'x' } });
      expect(long.status).toBe(400);
      expect(ErrorBody.parse(long.body).message).toContain('email');
      const password = await shop.send('POST', '/api/rest/v2/auth/login', { json: { email: 'shopper@example.com', password: 'x'.repeat(129) } });
      expect(password.status).toBe(400);
      expect(ErrorBody.parse(password.body).message).toContain('password');
    });
  });

  it('ignores store and paging parameters it does not need, and unknown ones', async () => {
    const { status } = await shop.get('/api/rest/v2/products?foo=bar&store=default');
    expect(status).toBe(200);
  });
});
